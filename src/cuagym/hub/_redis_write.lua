
if ARGV[4] == 'check' then
  local now = redis.call('HMGET', KEYS[1], 'iid', 'cid')
  if (now[1] or '') ~= ARGV[5] or (now[2] or '') ~= ARGV[6] then return 'CONFLICT' end
elseif ARGV[4] == 'keep' then
  local have = redis.call('HGET', KEYS[1], 'iid')
  if have then
    ARGV[7] = have
    ARGV[8] = ''
  end
end
local missing = {}
for slot = 0, 1 do
  local at = 7 + 5 * slot
  local id, how = ARGV[at], ARGV[at + 1]
  if id ~= '' then
    if how == 'F' then
      redis.call('SET', ARGV[2] .. id, ARGV[at + 2], 'PX', ARGV[1])
    elseif how == 'D' and redis.call('PEXPIRE', ARGV[2] .. ARGV[at + 3], ARGV[1]) == 1 then
      local key = ARGV[3] .. id
      redis.call('HSET', key, 'base', ARGV[at + 3], 'at', ARGV[at + 4], 'middle', ARGV[at + 2])
      redis.call('PEXPIRE', key, ARGV[1])
    elseif how == 'D' or not ensure(id) then
      missing[#missing + 1] = id
    end
  end
end
if #missing > 0 then
  table.insert(missing, 1, 'MISSING')
  return missing
end
local fields = {'iid', 'cid'}
for slot = 0, 1 do
  local id = ARGV[7 + 5 * slot]
  if id == '' then
    redis.call('HDEL', KEYS[1], fields[slot + 1])
  else
    redis.call('HSET', KEYS[1], fields[slot + 1], id)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 'OK'
