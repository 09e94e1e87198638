package io.github.activityrank.engine;

/**
 * The stream message an award or revoke came from, its fencing token: the score script
 * keeps, per partition stream and shard, the id of the last message it applied, and a
 * command whose message id is at or below it changes nothing. So a message delivered
 * twice counts once, and a consumer that lost its partition while paused cannot apply a
 * message after its successor applied a later one (an award after its revoke).
 *
 * @param stream the partition stream's key
 * @param id the message's id, {@code <ms>-<seq>}
 */
public record SourceMessage(String stream, String id) {

}
