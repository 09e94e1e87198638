package io.github.activityrank.autoconfigure;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.aspect.ActivityScoreAspect;
import io.github.activityrank.aspect.ActivityScoreExpressionEvaluator;
import io.github.activityrank.aspect.ActivityScoreOperationSource;
import io.github.activityrank.aspect.ActivityScoreValidator;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.ActivityDispatcherLifecycle;
import io.github.activityrank.dispatch.ActivityEventListener;
import io.github.activityrank.dispatch.AsyncActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.DispatcherAdmin;
import io.github.activityrank.dispatch.RetrySettings;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.BadgeGrants;
import io.github.activityrank.engine.SetAsideReplay;
import io.github.activityrank.engine.SetAsideStore;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.redis.RedisTransientFailurePolicy;
import io.github.activityrank.security.SecurityActivityUserResolver;
import io.github.activityrank.web.PageViewInterceptor;
import io.github.activityrank.web.PageViewWebFilter;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Auto-configuration of declarative awards: the {@code @ActivityScore} aspect and its
 * start-up validation, {@code ActivityEvent} publishing, page views, the award dispatcher
 * and the Spring Security user resolver.
 */
@AutoConfiguration(after = ActivityRankAutoConfiguration.class,
		afterName = "org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration")
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
@ConditionalOnBean(ActivityRankService.class)
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityScoreAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	AwardDispatchCounters activityRankDispatchCounters() {
		return new AwardDispatchCounters();
	}

	@Bean
	@ConditionalOnMissingBean
	ActivityDispatcher activityDispatcher(ActivityRankService service, AwardDispatchCounters counters,
			ObjectProvider<TransientFailurePolicy> failurePolicy, ActivityRankProperties properties,
			ObjectProvider<Clock> clock) {
		// an application's own service comes without the starter's store and its policy
		TransientFailurePolicy transientFailures = failurePolicy.getIfAvailable(RedisTransientFailurePolicy::new);
		AsyncProperties async = properties.getAsync();
		if (!async.isEnabled()) {
			return new SyncActivityDispatcher(service, counters);
		}
		RetryProperties retry = properties.getRetry();
		RetrySettings retrySettings = new RetrySettings(retry.getCapacity(), retry.getInitialBackoff(),
				retry.getMaxBackoff(), transientFailures);
		return new AsyncActivityDispatcher(service, counters, async.getThreads(), async.getQueueCapacity(),
				async.getOnQueueFull(), retrySettings, retry.getShutdownGracePeriod(), async.getCallerRunsTimeout(),
				clock.getIfUnique(Clock::systemUTC));
	}

	/** Without the ledger; with it, the ledger's rebuild is the admin. */
	@Bean
	@ConditionalOnMissingBean
	ActivityRankAdmin activityRankAdmin(ActivityDispatcher dispatcher, ObjectProvider<SetAsideStore> setAside,
			ActivityRankService service, ObjectProvider<BadgeGrants> badges) {
		return new DispatcherAdmin(dispatcher,
				new SetAsideReplay(setAside.getIfAvailable(() -> SetAsideStore.NONE), service),
				badges.getIfAvailable(() -> BadgeGrants.NONE));
	}

	@Bean
	@ConditionalOnMissingBean
	ActivityDispatcherLifecycle activityDispatcherLifecycle(ActivityDispatcher dispatcher) {
		return new ActivityDispatcherLifecycle(dispatcher);
	}

	@Bean
	@ConditionalOnMissingBean
	ActivityEventListener activityEventListener(ActivityDispatcher dispatcher) {
		return new ActivityEventListener(dispatcher);
	}

	static boolean ruleExists(String name, ObjectProvider<ActivityRules> rules, ActivityRankProperties properties) {
		ActivityRules registry = rules.getIfUnique();
		return (registry != null) ? registry.contains(name) : properties.getRules().containsKey(name);
	}

	static String itemProblem(ActivityRankProperties properties, String type, String rule) {
		ItemProperties item = properties.getItems().get(type);
		if (item == null) {
			return "No item type '" + type + "' is configured (known types: " + properties.getItems().keySet() + ").";
		}
		if (!item.getPoints().containsKey(rule)) {
			return "Item type '" + type + "' gives no points for rule '" + rule + "' (it lists "
					+ item.getPoints().keySet() + ").";
		}
		return null;
	}

	static Collection<String> ruleNames(ObjectProvider<ActivityRules> rules, ActivityRankProperties properties) {
		ActivityRules registry = rules.getIfUnique();
		return (registry != null) ? registry.names() : properties.getRules().keySet();
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.core.context.SecurityContextHolder")
	static class SecurityUserResolverConfiguration {

		@Bean
		@ConditionalOnMissingBean(ActivityUserResolver.class)
		SecurityActivityUserResolver securityActivityUserResolver() {
			return new SecurityActivityUserResolver();
		}

	}

	// infrastructure, as Spring's own advisors and what they need: the auto-proxy
	// creator makes advisors while other post-processors are still being made, and
	// these need no post-processing
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.aspectj.lang.annotation.Aspect", "org.aspectj.weaver.Advice" })
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	static class AspectConfiguration {

		// the aspect reads what the validator has already read and parsed: one source and
		// one evaluator for both

		@Bean
		@ConditionalOnMissingBean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		ActivityScoreOperationSource activityScoreOperationSource() {
			return new ActivityScoreOperationSource();
		}

		@Bean
		@ConditionalOnMissingBean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		ActivityScoreExpressionEvaluator activityScoreExpressionEvaluator(BeanFactory beanFactory) {
			return new ActivityScoreExpressionEvaluator(beanFactory);
		}

		// any advisor auto-proxy creator applies it. Registered after Boot's
		// transaction advisor, so that with equal orders (both lowest precedence by
		// default) @Transactional stays outside, as when this was an @Aspect (aspects
		// are sorted after advisor beans of the same order)
		@Bean
		@ConditionalOnMissingBean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		ActivityScoreAspect activityScoreAspect(ObjectProvider<ActivityDispatcher> dispatcher,
				ObjectProvider<ActivityUserResolver> userResolver, ActivityScoreOperationSource operationSource,
				ActivityScoreExpressionEvaluator evaluator, Environment environment) {
			// Spring creates advisors before the beans it proxies: the aspect depends on
			// nothing that bad properties make fail, so such a failure is reported where
			// it happens, not as a failed advisor lookup
			return new ActivityScoreAspect(dispatcher::getObject, userResolver::getIfAvailable, operationSource,
					evaluator, aspectOrder(environment));
		}

		/**
		 * activity-rank.aspect.order; a bad value is reported by the properties' binding.
		 */
		private static int aspectOrder(Environment environment) {
			try {
				return Binder.get(environment)
					.bind("activity-rank.aspect.order", Integer.class)
					.orElse(Ordered.LOWEST_PRECEDENCE);
			}
			catch (RuntimeException ex) {
				return Ordered.LOWEST_PRECEDENCE;
			}
		}

		@Bean
		@ConditionalOnMissingBean
		ActivityScoreValidator activityScoreValidator(ActivityScoreOperationSource operationSource,
				ActivityScoreExpressionEvaluator evaluator, ObjectProvider<ActivityRules> rules,
				ActivityRankProperties properties) {
			// the engine's registry when there is one (a user's own service may have
			// none)
			return new ActivityScoreValidator(operationSource, evaluator, (name) -> ruleExists(name, rules, properties),
					() -> ruleNames(rules, properties), (type, rule) -> itemProblem(properties, type, rule),
					(kind) -> properties.getScopes().containsKey(kind) ? null : "No scope kind '" + kind
							+ "' is configured; configured kinds are " + properties.getScopes().keySet() + ".");
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(WebMvcConfigurer.class)
	@ConditionalOnBooleanProperty("activity-rank.page-views.enabled")
	static class PageViewConfiguration {

		@Bean
		@ConditionalOnMissingBean
		PageViewInterceptor activityRankPageViewInterceptor(ActivityDispatcher dispatcher,
				ObjectProvider<ActivityUserResolver> userResolver, ObjectProvider<ActivityRules> rules,
				ActivityRankProperties properties) {
			return pageViews(PageViewInterceptor::new, dispatcher, userResolver, rules, properties);
		}

		@Bean
		WebMvcConfigurer activityRankPageViewConfigurer(PageViewInterceptor interceptor) {
			return new WebMvcConfigurer() {
				@Override
				public void addInterceptors(InterceptorRegistry registry) {
					registry.addInterceptor(interceptor);
				}
			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
	@ConditionalOnClass(name = "org.springframework.web.server.WebFilter")
	@ConditionalOnBooleanProperty("activity-rank.page-views.enabled")
	static class ReactivePageViewConfiguration {

		@Bean
		@ConditionalOnMissingBean
		PageViewWebFilter activityRankPageViewWebFilter(ActivityDispatcher dispatcher,
				ObjectProvider<ActivityUserResolver> userResolver, ObjectProvider<ActivityRules> rules,
				ActivityRankProperties properties) {
			return pageViews(PageViewWebFilter::new, dispatcher, userResolver, rules, properties);
		}

	}

	/**
	 * The page-view interceptor or filter, once its rule is known to exist. The rules in
	 * use may be the application's own, so this check waits for them.
	 */
	static <T> T pageViews(PageViewHandler<T> handler, ActivityDispatcher dispatcher,
			ObjectProvider<ActivityUserResolver> userResolver, ObjectProvider<ActivityRules> rules,
			ActivityRankProperties properties) {
		PageViewProperties pageViews = properties.getPageViews();
		ActivityRankPropertyChecks.checkPageViewRule(pageViews.getRule(), (name) -> ruleExists(name, rules, properties),
				ruleNames(rules, properties));
		return handler.create(dispatcher, userResolver::getIfAvailable, pageViews.getRule(), pageViews.getInclude(),
				pageViews.getExclude());
	}

	/** The constructor of the servlet interceptor or of the reactive filter. */
	@FunctionalInterface
	interface PageViewHandler<T> {

		T create(ActivityDispatcher dispatcher, Supplier<ActivityUserResolver> userResolver, String rule,
				List<String> include, List<String> exclude);

	}

}
