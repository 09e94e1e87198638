package io.github.activityrank.dispatch;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.support.InputCheck;

/**
 * The checks of {@link InputCheck} made before an award is queued: an award whose user
 * id, field or item id would be refused by the service is never queued, so it takes no
 * room, cannot wait behind a slow lane, and is answered at once. The service itself still
 * answers it ({@code REJECTED}, logged and counted once, under the same counters as any
 * other refusal), on the caller's thread and without reaching Redis.
 */
final class AwardRefusals {

	private AwardRefusals() {
	}

	/**
	 * Whether the award has an id or field the service refuses.
	 * @param event the award
	 * @return {@code true} when it must not be queued
	 */
	static boolean refuses(ActivityEvent event) {
		if (event == null || InputCheck.userIdProblem(event.userId()) != null) {
			return true;
		}
		String field = (event.field() != null) ? event.field() : event.rule();
		if (field != null && InputCheck.fieldProblem(field) != null) {
			return true;
		}
		return event.itemId() != null && InputCheck.userIdProblem(event.itemId()) != null;
	}

}
