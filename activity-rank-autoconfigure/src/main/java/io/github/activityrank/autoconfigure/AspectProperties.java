package io.github.activityrank.autoconfigure;

import org.springframework.core.Ordered;

/**
 * The @ActivityScore aspect.
 * <p>
 * Bound under {@code activity-rank.aspect.*} (see {@link ActivityRankProperties}).
 */
public class AspectProperties {

	/**
	 * Order of the aspect among other advice such as @Transactional (lower runs first,
	 * outside).
	 */
	private int order = Ordered.LOWEST_PRECEDENCE;

	public int getOrder() {
		return this.order;
	}

	public void setOrder(int order) {
		this.order = order;
	}

}
