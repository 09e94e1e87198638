package io.github.activityrank.sample.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The activity endpoint says in words what each idempotency field of the forum was for.
 */
class AwardDescriptionTests {

	@Test
	void everyFieldTheForumWritesReadsAsASentence() {
		assertThat(UserController.describe("page:/articles/12")).isEqualTo("viewed article 12");
		assertThat(UserController.describe("12_praise")).isEqualTo("praised article 12");
		assertThat(UserController.describe("12_collect")).isEqualTo("collected article 12");
		assertThat(UserController.describe("comment:7")).isEqualTo("wrote comment 7");
		assertThat(UserController.describe("article:3")).isEqualTo("published article 3");
		assertThat(UserController.describe("user:4_follow")).isEqualTo("followed user 4");
		assertThat(UserController.describe("checkin-2026-11-26")).isEqualTo("checked in");
		assertThat(UserController.describe("streak:7:20510")).isEqualTo("7-day streak bonus");
	}

	@Test
	void anUnknownFieldIsShownAsItIs() {
		assertThat(UserController.describe("bonus")).isEqualTo("bonus");
	}

	@Test
	void avatarsShowUpToTwoInitials() {
		assertThat(AvatarController.initials("Ada Lovelace")).isEqualTo("AL");
		assertThat(AvatarController.initials("  grace  brewster murray hopper")).isEqualTo("GB");
		assertThat(AvatarController.initials("Plato")).isEqualTo("P");
		assertThat(AvatarController.initials(" ")).isEqualTo("?");
	}

}
