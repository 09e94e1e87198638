package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.context.expression.BeanFactoryResolver;
import org.springframework.context.expression.CachedExpressionEvaluator;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.expression.BeanResolver;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;

/**
 * Evaluates {@code @ActivityScore} expressions. Each expression is parsed once per
 * method, target class and text, then served from a concurrent cache.
 * <p>
 * The aspect and the start-up validator share one evaluator, so the expressions the
 * validator parses are the ones the aspect finds in the cache.
 */
public final class ActivityScoreExpressionEvaluator extends CachedExpressionEvaluator {

	static final String RESULT_VARIABLE = "result";

	private final Map<ExpressionKey, Expression> expressions = new ConcurrentHashMap<>(256);

	private final BeanResolver beanResolver;

	/**
	 * Create an evaluator.
	 * @param beanFactory resolves {@code @name} bean references; {@code null} for none
	 */
	public ActivityScoreExpressionEvaluator(BeanFactory beanFactory) {
		// stateless, so one resolver serves every call
		this.beanResolver = (beanFactory != null) ? new BeanFactoryResolver(beanFactory) : null;
	}

	/**
	 * The parsed expression, parsing it on first use.
	 * @throws org.springframework.expression.ParseException on a syntax error
	 */
	Expression expression(String expression, AnnotatedElementKey element) {
		return getExpression(this.expressions, element, expression);
	}

	/**
	 * A context that sees the arguments by name and as {@code #p0}/{@code #a0} (loaded
	 * lazily), the result as {@code #result} and beans as {@code @name}.
	 * @param method the invoked method, exposed as {@code method} on the root object
	 * @param specificMethod the method in the target class, whose parameter names are
	 * used
	 */
	EvaluationContext createContext(Method method, Method specificMethod, Object[] args, Object target,
			Class<?> targetClass, Object result) {
		ActivityScoreRootObject root = new ActivityScoreRootObject(method, args, target, targetClass);
		MethodBasedEvaluationContext context = new MethodBasedEvaluationContext(root, specificMethod, args,
				getParameterNameDiscoverer());
		context.setVariable(RESULT_VARIABLE, result);
		if (this.beanResolver != null) {
			context.setBeanResolver(this.beanResolver);
		}
		return context;
	}

	Object value(String expression, AnnotatedElementKey element, EvaluationContext context) {
		return expression(expression, element).getValue(context);
	}

	String[] parameterNames(Method specificMethod) {
		return getParameterNameDiscoverer().getParameterNames(specificMethod);
	}

	int cachedExpressions() {
		return this.expressions.size();
	}

}
