package io.github.activityrank.autoconfigure;

import java.beans.PropertyDescriptor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.ResolvableType;

/**
 * Reports keys under {@code activity-rank.*} that no property binds (a misspelling such
 * as {@code week-cap} for {@code weekly-cap}, which would otherwise be ignored and the
 * cap never applied): each key, its value and origin, and the nearest known key. The
 * binder refuses them because {@link ActivityRankProperties} does not ignore unknown
 * fields; this analyzer runs before Spring Boot's own, which does not suggest a key. Keys
 * of a map of named things ({@code rules.<name>.*}) are checked inside each entry; the
 * names themselves are free.
 */
public class UnknownPropertyFailureAnalyzer extends AbstractFailureAnalyzer<UnboundConfigurationPropertiesException>
		implements Ordered {

	private static final String PREFIX = "activity-rank";

	/** Stands for a free map key in a known name. */
	private static final String ANY = "*";

	private static final List<List<String>> KNOWN = known(ActivityRankProperties.class, List.of(PREFIX));

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnboundConfigurationPropertiesException cause) {
		List<ConfigurationProperty> ours = new ArrayList<>();
		for (ConfigurationProperty property : cause.getUnboundProperties()) {
			if (property.getName().getNumberOfElements() > 1 && property.getName()
				.getElement(0, ConfigurationPropertyName.Form.UNIFORM)
				.equals("activityrank")) {
				ours.add(property);
			}
		}
		if (ours.isEmpty()) {
			return null;
		}
		StringBuilder description = new StringBuilder("Unknown activity-rank properties, which nothing reads:\n");
		StringBuilder action = new StringBuilder("Correct or remove each unknown property:\n");
		for (ConfigurationProperty property : ours) {
			String name = property.getName().toString();
			String nearest = nearest(property.getName());
			description.append("\n    Property: ").append(name).append("\n    Value: \"").append(property.getValue());
			description.append("\"\n    Origin: ").append(property.getOrigin()).append('\n');
			action.append("\n    - ")
				.append(name)
				.append(": the nearest known property is ")
				.append(nearest)
				.append("; rename it to that, or remove it");
		}
		action.append("\n\nEvery property is listed in docs/configuration.md.");
		return new FailureAnalysis(description.toString(), action.toString(), cause);
	}

	/**
	 * The known property nearest to a name, with a map key taken from the name.
	 * @param name an unknown name under {@code activity-rank}
	 * @return for example {@code activity-rank.weekly-cap}
	 */
	static String nearest(ConfigurationPropertyName name) {
		List<String> elements = new ArrayList<>();
		for (int i = 0; i < name.getNumberOfElements(); i++) {
			elements.add(name.getElement(i, ConfigurationPropertyName.Form.DASHED));
		}
		String best = null;
		int bestDistance = Integer.MAX_VALUE;
		for (List<String> known : KNOWN) {
			List<String> candidate = new ArrayList<>(known);
			for (int i = 0; i < candidate.size(); i++) {
				if (candidate.get(i).equals(ANY)) {
					candidate.set(i, (i < elements.size()) ? elements.get(i) : "<name>");
				}
			}
			String text = String.join(".", candidate);
			int distance = distance(String.join(".", elements), text);
			if (distance < bestDistance) {
				best = text;
				bestDistance = distance;
			}
		}
		return best;
	}

	/** Every property's name, as elements, a map key as {@value #ANY}. */
	private static List<List<String>> known(Class<?> type, List<String> path) {
		List<List<String>> names = new ArrayList<>();
		Set<String> seen = new TreeSet<>();
		for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(type)) {
			if (descriptor.getReadMethod() == null || descriptor.getName().equals("class")
					|| !seen.add(descriptor.getName())) {
				continue;
			}
			List<String> name = new ArrayList<>(path);
			name.add(dashed(descriptor.getName()));
			Class<?> propertyType = descriptor.getPropertyType();
			if (Map.class.isAssignableFrom(propertyType)) {
				name.add(ANY);
				Class<?> value = mapValue(descriptor.getReadMethod().getGenericReturnType());
				if (value != null && isNested(value)) {
					names.addAll(known(value, name));
					continue;
				}
			}
			else if (isNested(propertyType)) {
				names.addAll(known(propertyType, name));
				continue;
			}
			names.add(name);
		}
		return names;
	}

	/**
	 * Whether a property's type is one of the groups of {@link ActivityRankProperties}
	 * (each a class of this package), whose keys are checked one by one. An item type
	 * ({@link ItemProperties}) stays one entry, {@code items.<type>}.
	 */
	private static boolean isNested(Class<?> type) {
		return type.getPackageName().equals(ActivityRankProperties.class.getPackageName()) && !type.isEnum()
				&& type != ItemProperties.class;
	}

	private static Class<?> mapValue(Type type) {
		return (type instanceof ParameterizedType) ? ResolvableType.forType(type).getGeneric(1).resolve() : null;
	}

	private static String dashed(String camel) {
		StringBuilder out = new StringBuilder();
		for (char c : camel.toCharArray()) {
			if (Character.isUpperCase(c)) {
				out.append('-').append(Character.toLowerCase(c));
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

	/** Levenshtein distance. */
	private static int distance(String a, String b) {
		int[] previous = new int[b.length() + 1];
		int[] current = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int substitution = previous[j - 1] + ((a.charAt(i - 1) == b.charAt(j - 1)) ? 0 : 1);
				current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length()];
	}

}
