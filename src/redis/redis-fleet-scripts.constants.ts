// Lua scripts of RedisFleet: each runs atomically on the server, on Redis's own clock, so replicas
// whose clocks drift still agree on which session is idle.

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: activity set, record. ARGV: id, record, maxSessions, idleTimeoutMs. 1 when admitted. */
export const ADMIT_SESSION = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[4]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
return 1`;

/** KEYS: activity set, record. ARGV: id, record, idleTimeoutMs. Only a live session is saved. */
export const SAVE_SESSION = `${NOW}
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`;

/** KEYS: activity set, record. ARGV: id, idleTimeoutMs. */
export const TOUCH_SESSION = `${NOW}
if redis.call('PEXPIRE', KEYS[2], ARGV[2]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[1])
return 1`;

/** KEYS: activity set, record. ARGV: id. */
export const REMOVE_SESSION = `redis.call('ZREM', KEYS[1], ARGV[1])
return redis.call('DEL', KEYS[2])`;

/** KEYS: stream. ARGV: max events, message, retention ms. The new entry's id. */
export const APPEND_EVENT = `local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'm', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return id`;

/** KEYS: stream. ARGV: entry id. The entries after it, or false when it is no longer kept. */
export const EVENTS_AFTER = `if #redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1]) == 0 then return false end
return redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+')`;

/** KEYS: record. ARGV: ttl ms, then field, value pairs. */
export const PUT_FIELDS = `redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/** KEYS: lease. ARGV: owner, ttl ms. 1 when `owner` holds it now. */
export const CLAIM_LEASE = `local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** KEYS: lease. ARGV: owner. */
export const RELEASE_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
