package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.context.expression.BeanFactoryResolver;
import org.springframework.context.expression.CachedExpressionEvaluator;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;
import org.springframework.expression.spel.ast.VariableReference;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.support.StandardEvaluationContext;

/**
 * Evaluates {@code @ActivityScore} expressions. Each expression is parsed once per
 * method, target class and text, then served from a concurrent cache; a lookup on a call
 * allocates nothing. An expression that only names a variable ({@code #userId},
 * {@code #p0}, {@code #result}) is answered by looking the variable up, which gives what
 * SpEL gives without SpEL's work per evaluation.
 * <p>
 * The aspect and the start-up validator share one evaluator, so the expressions the
 * validator parses are the ones the aspect finds in the cache.
 */
public final class ActivityScoreExpressionEvaluator extends CachedExpressionEvaluator {

	static final String RESULT_VARIABLE = "result";

	/** By method and target class, then by text: two lookups that need no key object. */
	private final Map<AnnotatedElementKey, Map<String, Parsed>> expressions = new ConcurrentHashMap<>(256);

	private final Map<Method, ActivityScoreParameters> parameters = new ConcurrentHashMap<>(256);

	/**
	 * The accessors, resolvers and converters every call's context borrows: set up here,
	 * never changed after, so threads can share it.
	 */
	private final StandardEvaluationContext shared = new StandardEvaluationContext();

	/**
	 * Create an evaluator.
	 * @param beanFactory resolves {@code @name} bean references; {@code null} for none
	 */
	public ActivityScoreExpressionEvaluator(BeanFactory beanFactory) {
		if (beanFactory != null) {
			// stateless, so one resolver serves every call
			this.shared.setBeanResolver(new BeanFactoryResolver(beanFactory));
		}
		// the shared context makes these on first use; make them now, before threads
		// share it
		this.shared.getPropertyAccessors();
		this.shared.getIndexAccessors();
		this.shared.getConstructorResolvers();
		this.shared.getMethodResolvers();
		this.shared.getTypeLocator();
		this.shared.getTypeConverter();
		this.shared.getTypeComparator();
		this.shared.getOperatorOverloader();
	}

	/**
	 * The parsed expression, parsing it on first use.
	 * @throws org.springframework.expression.ParseException on a syntax error
	 */
	Expression expression(String expression, AnnotatedElementKey element) {
		return parsed(expression, element).expression();
	}

	private Parsed parsed(String expression, AnnotatedElementKey element) {
		Map<String, Parsed> ofElement = this.expressions.get(element);
		if (ofElement == null) {
			ofElement = this.expressions.computeIfAbsent(element, (key) -> new ConcurrentHashMap<>(8));
		}
		Parsed parsed = ofElement.get(expression);
		if (parsed == null) {
			parsed = ofElement.computeIfAbsent(expression, (text) -> Parsed.of(parseExpression(text)));
		}
		return parsed;
	}

	/**
	 * A context that sees the arguments by name and as {@code #p0}/{@code #a0}, the
	 * result as {@code #result} and beans as {@code @name}.
	 * @param method the invoked method, exposed as {@code method} on the root object
	 * @param specificMethod the method in the target class, whose parameter names are
	 * used
	 */
	EvaluationContext createContext(Method method, Method specificMethod, Object[] args, Object target,
			Class<?> targetClass, Object result) {
		return new ActivityScoreEvaluationContext(this.shared, parameters(specificMethod), method, args, target,
				targetClass, result);
	}

	Object value(String expression, AnnotatedElementKey element, EvaluationContext context) {
		Parsed parsed = parsed(expression, element);
		return (parsed.variable() != null) ? context.lookupVariable(parsed.variable())
				: parsed.expression().getValue(context);
	}

	String[] parameterNames(Method specificMethod) {
		return getParameterNameDiscoverer().getParameterNames(specificMethod);
	}

	private ActivityScoreParameters parameters(Method specificMethod) {
		ActivityScoreParameters found = this.parameters.get(specificMethod);
		if (found == null) {
			found = this.parameters.computeIfAbsent(specificMethod,
					(method) -> ActivityScoreParameters.of(method, getParameterNameDiscoverer()));
		}
		return found;
	}

	int cachedExpressions() {
		return this.expressions.values().stream().mapToInt(Map::size).sum();
	}

	/**
	 * A parsed expression, and the variable it names when that is all it does.
	 *
	 * @param expression the parsed expression
	 * @param variable the name of the variable, or {@code null}
	 */
	private record Parsed(Expression expression, String variable) {

		static Parsed of(Expression expression) {
			if (expression instanceof SpelExpression spel && spel.getAST() instanceof VariableReference reference) {
				// SpEL gives #this and #root from its own state, not from the variables
				String name = reference.toStringAST().substring(1);
				if (!name.equals("this") && !name.equals("root")) {
					return new Parsed(expression, name);
				}
			}
			return new Parsed(expression, null);
		}

	}

}
