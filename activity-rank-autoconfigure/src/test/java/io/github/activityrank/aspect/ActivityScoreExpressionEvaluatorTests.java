package io.github.activityrank.aspect;

import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.context.expression.BeanFactoryResolver;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ActivityScoreExpressionEvaluatorTests {

	private final ActivityScoreExpressionEvaluator evaluator = new ActivityScoreExpressionEvaluator(null);

	private final Method method = ReflectionUtils.findMethod(Sample.class, "praise", long.class, boolean.class);

	private final AnnotatedElementKey key = new AnnotatedElementKey(this.method, Sample.class);

	@Test
	void seesParametersByNameAndPosition() {
		EvaluationContext context = context(new Object[] { 42L, true }, null);
		assertThat(this.evaluator.value("#articleId + '_praise'", this.key, context)).isEqualTo("42_praise");
		assertThat(this.evaluator.value("#p0", this.key, context)).isEqualTo(42L);
		assertThat(this.evaluator.value("#a1", this.key, context)).isEqualTo(true);
	}

	@Test
	void seesResultAndRootObject() {
		EvaluationContext context = context(new Object[] { 7L, false }, "done");
		assertThat(this.evaluator.value("#result", this.key, context)).isEqualTo("done");
		assertThat(this.evaluator.value("method.name", this.key, context)).isEqualTo("praise");
		assertThat(this.evaluator.value("args[0]", this.key, context)).isEqualTo(7L);
		assertThat(this.evaluator.value("target.class.simpleName", this.key, context)).isEqualTo("Sample");
		assertThat(this.evaluator.value("targetClass", this.key, context)).isEqualTo(Sample.class);
	}

	@Test
	void seesBeansByName() {
		StaticListableBeanFactory beans = new StaticListableBeanFactory();
		beans.addBean("prefix", "forum");
		ActivityScoreExpressionEvaluator withBeans = new ActivityScoreExpressionEvaluator(beans);
		EvaluationContext context = withBeans.createContext(this.method, this.method, new Object[] { 1L, true },
				new Sample(), Sample.class, null);
		assertThat(withBeans.value("@prefix + ':' + #articleId", this.key, context)).isEqualTo("forum:1");
		// one resolver for every context, created with the evaluator
		EvaluationContext another = withBeans.createContext(this.method, this.method, new Object[] { 2L, true },
				new Sample(), Sample.class, null);
		assertThat(another.getBeanResolver()).isSameAs(context.getBeanResolver());
	}

	@Test
	void parsesEachExpressionOncePerMethod() {
		for (int i = 0; i < 100; i++) {
			this.evaluator.value("#articleId", this.key, context(new Object[] { (long) i, true }, null));
		}
		assertThat(this.evaluator.cachedExpressions()).isEqualTo(1);
		assertThat(this.evaluator.expression("#articleId", this.key))
			.isSameAs(this.evaluator.expression("#articleId", this.key));
	}

	@Test
	void reportsSyntaxErrorsWhenParsing() {
		assertThatExceptionOfType(ParseException.class)
			.isThrownBy(() -> this.evaluator.expression("#articleId +", this.key));
	}

	@Test
	void findsParameterNames() {
		assertThat(this.evaluator.parameterNames(this.method)).containsExactly("articleId", "praise");
	}

	@ParameterizedTest
	@ValueSource(strings = { "#articleId", "#praise", "#p0", "#a1", "#p2", "#a01", "#pX", "#result",
			"#result?.length()", "#root.methodName", "#this.args[1]", "methodName + ':' + #articleId", "#nothing",
			"#root.targetClass", "args.length", "(#tmp = #articleId * 2) + #tmp", "(#articleId = 5) + #p0",
			"@prefix + #p0", "targetClass.simpleName" })
	void seesWhatMethodBasedEvaluationContextSees(String expression) {
		StaticListableBeanFactory beans = new StaticListableBeanFactory();
		beans.addBean("prefix", "forum:");
		ActivityScoreExpressionEvaluator withBeans = new ActivityScoreExpressionEvaluator(beans);
		for (Object result : new Object[] { "done", null }) {
			Object[] args = { 42L, true };
			Sample target = new Sample();
			MethodBasedEvaluationContext spring = new MethodBasedEvaluationContext(
					new ActivityScoreRootObject(this.method, args.clone(), target, Sample.class), this.method,
					args.clone(), new DefaultParameterNameDiscoverer());
			spring.setVariable(ActivityScoreExpressionEvaluator.RESULT_VARIABLE, result);
			spring.setBeanResolver(new BeanFactoryResolver(beans));
			Object expected = new SpelExpressionParser().parseExpression(expression).getValue(spring);
			EvaluationContext ours = withBeans.createContext(this.method, this.method, args.clone(), target,
					Sample.class, result);
			assertThat(withBeans.value(expression, this.key, ours)).as("%s with result %s", expression, result)
				.isEqualTo(expected);
		}
	}

	@Test
	void seesVarargsAsTheArrayTheyArrive() {
		Method tag = ReflectionUtils.findMethod(Sample.class, "tag", String.class, String[].class);
		AnnotatedElementKey key = new AnnotatedElementKey(tag, Sample.class);
		EvaluationContext context = this.evaluator.createContext(tag, tag,
				new Object[] { "ann", new String[] { "a", "b" } }, new Sample(), Sample.class, null);
		assertThat(this.evaluator.value("#tags", key, context)).isEqualTo(new String[] { "a", "b" });
		assertThat(this.evaluator.value("#p1[1]", key, context)).isEqualTo("b");
		assertThat(this.evaluator.value("#user", key, context)).isEqualTo("ann");
	}

	private EvaluationContext context(Object[] args, Object result) {
		return this.evaluator.createContext(this.method, this.method, args, new Sample(), Sample.class, result);
	}

	static class Sample {

		public void praise(long articleId, boolean praise) {
		}

		public void tag(String user, String... tags) {
		}

	}

}
