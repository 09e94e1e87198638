package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.expression.BeanResolver;
import org.springframework.expression.ConstructorResolver;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.IndexAccessor;
import org.springframework.expression.MethodResolver;
import org.springframework.expression.OperatorOverloader;
import org.springframework.expression.PropertyAccessor;
import org.springframework.expression.TypeComparator;
import org.springframework.expression.TypeConverter;
import org.springframework.expression.TypeLocator;
import org.springframework.expression.TypedValue;
import org.springframework.expression.spel.support.StandardEvaluationContext;

/**
 * The context of one call's expressions: what {@code MethodBasedEvaluationContext} shows
 * (the arguments as {@code #name}, {@code #p0} and {@code #a0}, {@code #result}, the root
 * object, beans as {@code @name}), without its cost per call. That context builds a
 * variable map and a {@code StandardEvaluationContext} of its own on every call, and
 * copies every argument into the map under three names at the first lookup; this one
 * keeps the arguments and answers a lookup from them, borrowing the accessors, resolvers
 * and converters of one shared context that is never changed after it was set up.
 */
final class ActivityScoreEvaluationContext implements EvaluationContext {

	private final StandardEvaluationContext shared;

	private final ActivityScoreParameters parameters;

	private final Method method;

	private final Object[] args;

	private final Object target;

	private final Class<?> targetClass;

	private final Object result;

	/** Made when an expression first needs it. */
	private TypedValue root;

	/** Variables an expression assigned; made on the first assignment. */
	private Map<String, Object> variables;

	ActivityScoreEvaluationContext(StandardEvaluationContext shared, ActivityScoreParameters parameters, Method method,
			Object[] args, Object target, Class<?> targetClass, Object result) {
		this.shared = shared;
		this.parameters = parameters;
		this.method = method;
		this.args = args;
		this.target = target;
		this.targetClass = targetClass;
		this.result = result;
	}

	@Override
	public TypedValue getRootObject() {
		TypedValue root = this.root;
		if (root == null) {
			root = new TypedValue(new ActivityScoreRootObject(this.method, this.args, this.target, this.targetClass));
			this.root = root;
		}
		return root;
	}

	/**
	 * In the order {@code MethodBasedEvaluationContext} finds them: an assigned variable,
	 * {@code #result}, then a parameter by name, {@code #pN} or {@code #aN}.
	 */
	@Override
	public Object lookupVariable(String name) {
		if (this.variables != null) {
			Object value = this.variables.get(name);
			if (value != null) {
				return value;
			}
		}
		if (this.result != null && ActivityScoreExpressionEvaluator.RESULT_VARIABLE.equals(name)) {
			return this.result;
		}
		int index = this.parameters.indexOf(name);
		return (index >= 0) ? argument(index) : null;
	}

	/** As {@code MethodBasedEvaluationContext}: surplus arguments form the last one. */
	private Object argument(int index) {
		if (this.args == null) {
			return null;
		}
		int count = this.parameters.count();
		int given = this.parameters.argumentsShown(this.args);
		if (given > count && index == count - 1) {
			return Arrays.copyOfRange(this.args, index, given);
		}
		return (index < given) ? this.args[index] : null;
	}

	@Override
	public void setVariable(String name, Object value) {
		if (name == null) {
			return;
		}
		if (value == null) {
			// as StandardEvaluationContext: a null value removes the variable
			if (this.variables != null) {
				this.variables.remove(name);
			}
			return;
		}
		if (this.variables == null) {
			this.variables = new HashMap<>(4);
		}
		this.variables.put(name, value);
	}

	@Override
	public List<PropertyAccessor> getPropertyAccessors() {
		return this.shared.getPropertyAccessors();
	}

	@Override
	public List<IndexAccessor> getIndexAccessors() {
		return this.shared.getIndexAccessors();
	}

	@Override
	public List<ConstructorResolver> getConstructorResolvers() {
		return this.shared.getConstructorResolvers();
	}

	@Override
	public List<MethodResolver> getMethodResolvers() {
		return this.shared.getMethodResolvers();
	}

	@Override
	public BeanResolver getBeanResolver() {
		return this.shared.getBeanResolver();
	}

	@Override
	public TypeLocator getTypeLocator() {
		return this.shared.getTypeLocator();
	}

	@Override
	public TypeConverter getTypeConverter() {
		return this.shared.getTypeConverter();
	}

	@Override
	public TypeComparator getTypeComparator() {
		return this.shared.getTypeComparator();
	}

	@Override
	public OperatorOverloader getOperatorOverloader() {
		return this.shared.getOperatorOverloader();
	}

}
