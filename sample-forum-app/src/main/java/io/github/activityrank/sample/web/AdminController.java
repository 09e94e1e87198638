package io.github.activityrank.sample.web;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.sample.forum.ConflictException;
import io.github.activityrank.sample.forum.NotFoundException;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Operations on the boards: rebuilding them from the award ledger, for example after
 * Redis lost its data. The sample leaves it open, like the rest of its API; an
 * application puts it behind its administrators' authentication.
 */
@RestController
@RequestMapping("/api/admin")
class AdminController {

	private final ObjectProvider<ActivityRankAdmin> admin;

	AdminController(ObjectProvider<ActivityRankAdmin> admin) {
		this.admin = admin;
	}

	/**
	 * Replay the ledger into the boards; 409 while another rebuild runs or when the live
	 * boards hold more than the ledger can account for (unless {@code force=true}), 404
	 * with the ledger off.
	 */
	@PostMapping("/rebuild")
	RebuildReport rebuild(@RequestParam(defaultValue = "false") boolean force) {
		ActivityRankAdmin rebuild = this.admin.getIfAvailable();
		try {
			if (rebuild == null) {
				throw new UnsupportedOperationException("no ActivityRankAdmin");
			}
			return rebuild.rebuild(force);
		}
		catch (UnsupportedOperationException ex) {
			throw new NotFoundException(
					"the award ledger is off (activity-rank.ledger.enabled), so there is nothing to rebuild from");
		}
		catch (IllegalStateException ex) {
			throw new ConflictException(ex.getMessage());
		}
	}

}
