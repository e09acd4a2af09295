/**
 * Reads the store's generation, and starts one (the random id in ARGV[1]) when Redis holds none: on first
 * use, and after Redis lost its keys. KEYS[1]: the generation key.
 */
export const READ_OR_START_GENERATION = `local g = redis.call('GET', KEYS[1])
if g then return g end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]`;

/**
 * SET NX that also checks the generation, in the one command a claim sends anyway. KEYS[1]: the key,
 * KEYS[2]: the generation key; ARGV: value, TTL in ms, the generation the claim was issued under.
 * Returns 1 when it stored, 0 when the key is present, and otherwise the live generation ('' for none):
 * the key is absent and the store forgot, so nothing is stored.
 */
export const SET_IF_ABSENT_IN_GENERATION = `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local live = redis.call('GET', KEYS[2])
if live ~= ARGV[3] then return live or '' end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
