package io.github.activityrank.sample;

import java.util.Arrays;
import java.util.List;

import io.github.activityrank.aspect.ActivityScoreAspect;
import io.github.activityrank.sample.forum.ForumService;
import org.junit.jupiter.api.Test;

import org.springframework.aop.framework.Advised;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.interceptor.BeanFactoryTransactionAttributeSourceAdvisor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With Spring Boot's own transaction auto-configuration and the default orders (both
 * lowest precedence), the {@code @ActivityScore} advice runs inside
 * {@code @Transactional}: the award is made in the transaction and waits for its commit.
 */
@SampleAppTest(properties = "activity-rank.async.enabled=false")
class AwardInsideTransactionTests {

	@Autowired
	ForumService forum;

	@Test
	void theAwardAdviceRunsInsideTheTransactionAdvice() {
		List<Class<?>> advisors = Arrays.stream(((Advised) this.forum).getAdvisors())
			.<Class<?>>map(Object::getClass)
			.toList();
		assertThat(advisors).containsSubsequence(BeanFactoryTransactionAttributeSourceAdvisor.class,
				ActivityScoreAspect.class);
	}

}
