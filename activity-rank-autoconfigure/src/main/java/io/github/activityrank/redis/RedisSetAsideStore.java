package io.github.activityrank.redis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.SetAsideStore;
import io.github.activityrank.engine.UserErasure;

import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisStreamCommands.XAddOptions;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Keeps the awards Redis failed on for good in one stream, {@code {prefix}:set-aside}:
 * one entry an award, with the fields of a stream message ({@code user}, {@code field},
 * {@code rule} or {@code points}, {@code revoke}, {@code item-type} and {@code item},
 * {@code at} in epoch milliseconds) and {@code reason} and {@code set-aside-at}. The
 * stream keeps the newest {@value #CAPACITY} entries at most, so that a key that fails
 * every award of a busy user cannot fill the server's memory. {@code removeUser} deletes
 * the user's entries.
 */
public class RedisSetAsideStore implements SetAsideStore, UserErasure {

	/** Most entries kept; older ones are trimmed. */
	static final long CAPACITY = 100_000;

	private final StringRedisTemplate redis;

	private final String key;

	private final StreamErasure erasure;

	/**
	 * Create the store.
	 * @param connectionFactory connections to Redis
	 * @param keys the key naming
	 */
	public RedisSetAsideStore(RedisConnectionFactory connectionFactory, RankKeys keys) {
		this.redis = new StringRedisTemplate(connectionFactory);
		this.redis.afterPropertiesSet();
		this.key = keys.setAside();
		this.erasure = new StreamErasure(connectionFactory, this.key, "user");
	}

	/** {@code removeUser}: the user's entries go with the user. */
	@Override
	public long erase(String userId) {
		return this.erasure.erase(userId);
	}

	@Override
	public void keep(List<SetAsideAward> awards) {
		XAddOptions trimmed = XAddOptions.maxlen(CAPACITY).approximateTrimming(true);
		for (SetAsideAward award : awards) {
			this.redis.opsForStream().add(StreamRecords.mapBacked(fields(award)).withStreamKey(this.key), trimmed);
		}
	}

	@Override
	public List<SetAsideAward> list(int limit) {
		List<MapRecord<String, Object, Object>> records = this.redis.opsForStream()
			.range(this.key, Range.unbounded(), Limit.limit().count(limit));
		List<SetAsideAward> awards = new ArrayList<>((records != null) ? records.size() : 0);
		if (records != null) {
			for (MapRecord<String, Object, Object> record : records) {
				awards.add(award(record.getId().getValue(), record.getValue()));
			}
		}
		return awards;
	}

	@Override
	public void remove(Collection<String> ids) {
		if (!ids.isEmpty()) {
			this.redis.opsForStream().delete(this.key, ids.stream().map(RecordId::of).toArray(RecordId[]::new));
		}
	}

	private static Map<String, String> fields(SetAsideAward award) {
		ActivityEvent event = award.event();
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put("user", event.userId());
		fields.put("field", event.field());
		if (event.rule() != null) {
			fields.put("rule", event.rule());
		}
		if (event.points() != null) {
			fields.put("points", Long.toString(event.points()));
		}
		fields.put("revoke", event.revoke() ? "1" : "0");
		if (event.itemType() != null) {
			fields.put("item-type", event.itemType());
			fields.put("item", event.itemId());
		}
		if (!event.scopes().isEmpty()) {
			fields.put("scopes", ScopeSettings.format(event.scopes()));
		}
		fields.put("at", Long.toString(award.at().toEpochMilli()));
		fields.put("reason", String.valueOf(award.reason()));
		fields.put("set-aside-at", Long.toString(award.setAsideAt().toEpochMilli()));
		return fields;
	}

	private static SetAsideAward award(String id, Map<Object, Object> fields) {
		String points = text(fields, "points");
		ActivityEvent event = new ActivityEvent(text(fields, "user"), text(fields, "field"), text(fields, "rule"),
				(points != null) ? Long.valueOf(points) : null, "1".equals(text(fields, "revoke")));
		if (text(fields, "item-type") != null) {
			event = event.withItem(text(fields, "item-type"), text(fields, "item"));
		}
		for (Map.Entry<String, String> scope : ScopeSettings.parse(text(fields, "scopes")).entrySet()) {
			event = event.withScope(scope.getKey(), scope.getValue());
		}
		return new SetAsideAward(id, event, instant(fields, "at"), text(fields, "reason"),
				instant(fields, "set-aside-at"));
	}

	private static String text(Map<Object, Object> fields, String name) {
		Object value = fields.get(name);
		return (value != null) ? value.toString() : null;
	}

	private static Instant instant(Map<Object, Object> fields, String name) {
		String millis = text(fields, name);
		return (millis != null) ? Instant.ofEpochMilli(Long.parseLong(millis)) : null;
	}

}
