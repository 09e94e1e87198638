package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.aspect.ActivityScoreValidationException.Problem;

import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.ast.VariableReference;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.util.ClassUtils;

/**
 * Checks every {@code @ActivityScore} on every bean while the application context starts,
 * after the singletons are created and before the context is ready, and stops the start
 * with an {@link ActivityScoreValidationException} listing every mistake: a SpEL syntax
 * error, a variable that is not a parameter of the method, {@code #result} on a method
 * that returns nothing, an unknown rule, neither rule nor points, points outside
 * 1..{@value ActivityLimits#MAX_POINTS}, both {@code points} and
 * {@code pointsExpression}, no user where no {@link ActivityUserResolver} exists, or an
 * annotation declared only on an interface method. It reads the annotations through the
 * aspect's {@link ActivityScoreOperationSource} and parses the expressions with the
 * aspect's {@link ActivityScoreExpressionEvaluator}, so the first call finds both in
 * their caches.
 */
public class ActivityScoreValidator implements SmartInitializingSingleton, BeanFactoryAware {

	private static final Set<String> SPEL_BUILT_INS = Set.of("root", "this");

	private final ActivityScoreOperationSource operationSource;

	private final ActivityScoreExpressionEvaluator evaluator;

	private final Predicate<String> ruleExists;

	private final Supplier<Collection<String>> ruleNames;

	/** Why an item type cannot score a rule, or {@code null} when it can. */
	private final BiFunction<String, String, String> itemProblem;

	/** Why a scope kind cannot be named, or {@code null} when it can. */
	private final Function<String, String> scopeProblem;

	private ConfigurableListableBeanFactory beanFactory;

	/**
	 * Create the validator.
	 * @param operationSource the aspect's source of annotations, whose cache is warmed
	 * @param evaluator the aspect's evaluator, whose expression cache is warmed
	 * @param ruleExists whether a rule name is configured
	 * @param ruleNames the configured rule names, for messages
	 */
	public ActivityScoreValidator(ActivityScoreOperationSource operationSource,
			ActivityScoreExpressionEvaluator evaluator, Predicate<String> ruleExists,
			Supplier<Collection<String>> ruleNames) {
		this(operationSource, evaluator, ruleExists, ruleNames,
				(type, rule) -> "No item type '" + type + "' is configured.");
	}

	/**
	 * Create the validator with the configured item types.
	 * @param operationSource the aspect's source of annotations, whose cache is warmed
	 * @param evaluator the aspect's evaluator, whose expression cache is warmed
	 * @param ruleExists whether a rule name is configured
	 * @param ruleNames the configured rule names, for messages
	 * @param itemProblem why an item type cannot score a rule, or {@code null} when it
	 * can
	 */
	public ActivityScoreValidator(ActivityScoreOperationSource operationSource,
			ActivityScoreExpressionEvaluator evaluator, Predicate<String> ruleExists,
			Supplier<Collection<String>> ruleNames, BiFunction<String, String, String> itemProblem) {
		this(operationSource, evaluator, ruleExists, ruleNames, itemProblem,
				(kind) -> "No scope kind '" + kind + "' is configured.");
	}

	/**
	 * Create the validator with the configured item types and scope kinds.
	 * @param operationSource the aspect's source of annotations, whose cache is warmed
	 * @param evaluator the aspect's evaluator, whose expression cache is warmed
	 * @param ruleExists whether a rule name is configured
	 * @param ruleNames the configured rule names, for messages
	 * @param itemProblem why an item type cannot score a rule, or {@code null} when it
	 * can
	 * @param scopeProblem why a scope kind cannot be named, or {@code null} when it can
	 */
	public ActivityScoreValidator(ActivityScoreOperationSource operationSource,
			ActivityScoreExpressionEvaluator evaluator, Predicate<String> ruleExists,
			Supplier<Collection<String>> ruleNames, BiFunction<String, String, String> itemProblem,
			Function<String, String> scopeProblem) {
		this.itemProblem = itemProblem;
		this.scopeProblem = scopeProblem;
		this.operationSource = operationSource;
		this.evaluator = evaluator;
		this.ruleExists = ruleExists;
		this.ruleNames = ruleNames;
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
		this.beanFactory = (beanFactory instanceof ConfigurableListableBeanFactory clbf) ? clbf : null;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.beanFactory == null) {
			return;
		}
		boolean resolverPresent = this.beanFactory.getBeanNamesForType(ActivityUserResolver.class, true,
				false).length > 0;
		Set<Class<?>> seen = new HashSet<>();
		List<Problem> problems = new ArrayList<>();
		for (String name : this.beanFactory.getBeanDefinitionNames()) {
			if (isInfrastructure(name)) {
				continue;
			}
			Class<?> type;
			try {
				type = AutoProxyUtils.determineTargetClass(this.beanFactory, name);
			}
			catch (RuntimeException ex) {
				continue; // a bean whose type cannot be known without creating it:
							// nothing to check
			}
			if (type == null || Proxy.isProxyClass(type)) {
				continue;
			}
			Class<?> userClass = ClassUtils.getUserClass(type);
			if (userClass.getName().startsWith("org.springframework.") || !seen.add(userClass)) {
				continue;
			}
			problems.addAll(validate(userClass, resolverPresent));
		}
		if (!problems.isEmpty()) {
			throw new ActivityScoreValidationException(problems);
		}
	}

	private boolean isInfrastructure(String name) {
		return this.beanFactory.containsBeanDefinition(name)
				&& this.beanFactory.getBeanDefinition(name).getRole() == BeanDefinition.ROLE_INFRASTRUCTURE;
	}

	/**
	 * Check every annotated method of a class, including annotations declared on its
	 * interfaces.
	 * @param targetClass the bean's class
	 * @param resolverPresent whether an {@link ActivityUserResolver} bean exists
	 * @return the problems found, empty when all is well
	 */
	List<Problem> validate(Class<?> targetClass, boolean resolverPresent) {
		Set<Method> annotated = MethodIntrospector
			.selectMethods(targetClass, (MethodIntrospector.MetadataLookup<Boolean>) ActivityScoreValidator::annotated)
			.keySet();
		List<Problem> problems = new ArrayList<>();
		annotated.stream().sorted(Comparator.comparing(Method::toGenericString)).forEach((method) -> {
			if (AnnotatedElementUtils.getMergedRepeatableAnnotations(method, ActivityScore.class).isEmpty()) {
				// the aspect's pointcut matches annotations on the executed method only,
				// not on interface methods (ActivityScorePointcut)
				problems.add(new Problem(location(targetClass, method), "(annotation)", "",
						"@ActivityScore is declared on an interface method only, where the aspect does not see it.",
						"move the annotation to the implementing method in " + targetClass.getName()));
				return;
			}
			// the aspect's metadata of the method, read now instead of on its first call
			ActivityScoreMetadata metadata = this.operationSource.getMetadata(method, targetClass);
			for (ActivityScoreOperation operation : metadata.operations()) {
				validate(targetClass, metadata, operation, resolverPresent, problems);
			}
		});
		return problems;
	}

	/**
	 * {@code TRUE} when the method has {@code @ActivityScore} here or on an interface
	 * method it implements, {@code null} (not selected) otherwise.
	 */
	private static Boolean annotated(Method method) {
		return AnnotatedElementUtils.findMergedRepeatableAnnotations(method, ActivityScore.class).isEmpty() ? null
				: Boolean.TRUE;
	}

	private void validate(Class<?> targetClass, ActivityScoreMetadata metadata, ActivityScoreOperation operation,
			boolean resolverPresent, List<Problem> problems) {
		Method method = metadata.specificMethod();
		String location = location(targetClass, method);
		if (operation.rule().isEmpty() && operation.points() == 0 && operation.pointsExpression().isEmpty()) {
			problems.add(new Problem(location, "rule", "", "Neither a rule nor points are given.",
					"name a rule from activity-rank.rules (rule = \"praise\"), give points (points = 10) "
							+ "or compute them (pointsExpression = \"#steps / 100\")"));
		}
		if (operation.points() != 0 && !operation.pointsExpression().isEmpty()) {
			problems.add(new Problem(location, "pointsExpression", operation.pointsExpression(),
					"Both points (" + operation.points() + ") and pointsExpression are given; only one can say "
							+ "how many points a call earns.",
					"keep points = " + operation.points() + " for the same points on every call, or keep "
							+ "pointsExpression for points computed from the call, and remove the other"));
		}
		if (!operation.rule().isEmpty() && !this.ruleExists.test(operation.rule())) {
			problems.add(new Problem(location, "rule", operation.rule(),
					"No rule '" + operation.rule() + "' is configured (known rules: " + this.ruleNames.get() + ").",
					"add activity-rank.rules." + operation.rule()
							+ ".points to the configuration, or use a known rule"));
		}
		// the service takes explicit points from 1 to MAX_POINTS only, so anything else
		// would be
		// rejected on every call; Math.abs is not used because it overflows for
		// Long.MIN_VALUE
		if (operation.points() < 0 || operation.points() > ActivityLimits.MAX_POINTS) {
			problems.add(new Problem(location, "points", String.valueOf(operation.points()),
					"Points must be between 1 and " + ActivityLimits.MAX_POINTS
							+ " (explicit points cannot be negative; every call would be rejected).",
					"use points from 1 to " + ActivityLimits.MAX_POINTS
							+ ", name a rule with negative points for a penalty, or use revoke to take points back"));
		}
		if (operation.usesResolver() && !resolverPresent) {
			problems.add(new Problem(location, "user", "",
					"No user expression and no ActivityUserResolver bean (Spring Security is absent).",
					"give user = \"#userId\" (or another expression), or define an ActivityUserResolver bean"));
		}
		String unsupported = ActivityScoreReturnType.unsupported(method);
		if (unsupported != null) {
			problems.add(new Problem(location, "return type", method.getReturnType().getName(), unsupported,
					"return a Mono, a Flux (Flux.from(publisher)) or a CompletionStage, whose awards wait for "
							+ "the work to complete successfully"));
		}
		AnnotatedElementKey element = metadata.element();
		String[] names = this.evaluator.parameterNames(method);
		checkExpression(location, "pointsExpression", operation.pointsExpression(), method, names, element, problems);
		checkExpression(location, "user", operation.user(), method, names, element, problems);
		checkExpression(location, "field", operation.field(), method, names, element, problems);
		checkExpression(location, "revoke", operation.revoke(), method, names, element, problems);
		checkExpression(location, "condition", operation.condition(), method, names, element, problems);
		checkItem(location, operation, problems);
		checkExpression(location, "item", operation.item(), method, names, element, problems);
		checkScope(location, operation, problems);
		checkExpression(location, "scopeId", operation.scopeId(), method, names, element, problems);
	}

	private void checkScope(String location, ActivityScoreOperation operation, List<Problem> problems) {
		if (operation.scope().isEmpty() != operation.scopeId().isEmpty()) {
			problems.add(new Problem(location, "scope", operation.scope(),
					"scope and scopeId go together: one names the scope kind, the other gives the scope's id.",
					"give both (scope = \"category\", scopeId = \"#article.category\") or neither"));
			return;
		}
		String problem = operation.scope().isEmpty() ? null : this.scopeProblem.apply(operation.scope());
		if (problem != null) {
			problems.add(new Problem(location, "scope", operation.scope(), problem, "add activity-rank.scopes."
					+ operation.scope() + " to the configuration, or name a configured kind"));
		}
	}

	private void checkItem(String location, ActivityScoreOperation operation, List<Problem> problems) {
		if (operation.itemType().isEmpty() != operation.item().isEmpty()) {
			problems.add(new Problem(location, "itemType", operation.itemType(),
					"itemType and item go together: one names the item type, the other gives the item's id.",
					"give both (itemType = \"article\", item = \"#articleId\") or neither"));
			return;
		}
		if (operation.itemType().isEmpty()) {
			return;
		}
		String problem = this.itemProblem.apply(operation.itemType(), operation.rule());
		if (problem != null) {
			problems.add(new Problem(location, "itemType", operation.itemType(), problem,
					"add activity-rank.items." + operation.itemType() + ".points."
							+ (operation.rule().isEmpty() ? "<rule>" : operation.rule())
							+ " to the configuration, or use a configured item type and rule"));
		}
	}

	private void checkExpression(String location, String attribute, String text, Method method, String[] names,
			AnnotatedElementKey element, List<Problem> problems) {
		if (text.isEmpty()) {
			return;
		}
		Expression expression;
		try {
			expression = this.evaluator.expression(text, element);
		}
		catch (ParseException ex) {
			problems.add(new Problem(location, attribute, text, "SpEL syntax error: " + ex.getMessage(),
					"correct the expression's syntax"));
			return;
		}
		if (!(expression instanceof SpelExpression spel)) {
			return;
		}
		Set<String> variables = new LinkedHashSet<>();
		collectVariables(spel.getAST(), variables);
		int count = method.getParameterCount();
		Set<String> allowed = new HashSet<>(SPEL_BUILT_INS);
		allowed.add(ActivityScoreExpressionEvaluator.RESULT_VARIABLE);
		for (int i = 0; i < count; i++) {
			allowed.add("p" + i);
			allowed.add("a" + i);
		}
		if (names != null) {
			allowed.addAll(Arrays.asList(names));
		}
		for (String variable : variables) {
			if (variable.equals(ActivityScoreExpressionEvaluator.RESULT_VARIABLE)
					&& ActivityScoreReturnType.returnsNothing(method)) {
				problems.add(new Problem(location, attribute, text,
						"#result is used but the method returns " + method.getGenericReturnType().getTypeName()
								+ ", so there is no result.",
						"use a parameter instead of #result, or return the value"));
			}
			else if (!allowed.contains(variable)) {
				boolean result = !ActivityScoreReturnType.returnsNothing(method);
				String available = (names != null) ? available(names, count, result)
						: "none by name: the class was compiled without -parameters; "
								+ available(new String[0], count, result);
				problems.add(new Problem(location, attribute, text,
						"#" + variable + " is not a parameter of the method (available: " + available + ").",
						"refer to a parameter of the method by name, as #p0/#a0" + (result ? ", or to #result" : "")
								+ ((names == null) ? ", or compile with -parameters" : "")));
			}
		}
	}

	/** The variables an expression may use; #result only where the method returns one. */
	private static String available(String[] names, int count, boolean result) {
		List<String> all = new ArrayList<>();
		for (String name : names) {
			all.add("#" + name);
		}
		if (count > 0) {
			all.add("#p0..#p" + (count - 1));
			all.add("#a0..#a" + (count - 1));
		}
		if (result) {
			all.add("#result");
		}
		return String.join(", ", all);
	}

	private static void collectVariables(SpelNode node, Set<String> variables) {
		if (node instanceof VariableReference) {
			String ast = node.toStringAST();
			variables.add(ast.startsWith("#") ? ast.substring(1) : ast);
		}
		for (int i = 0; i < node.getChildCount(); i++) {
			collectVariables(node.getChild(i), variables);
		}
	}

	private static String location(Class<?> targetClass, Method method) {
		String parameters = Arrays.stream(method.getParameterTypes())
			.map(Class::getSimpleName)
			.collect(Collectors.joining(", "));
		return targetClass.getName() + "." + method.getName() + "(" + parameters + ")";
	}

}
