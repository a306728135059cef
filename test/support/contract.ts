/**
 * A URL record's fields in the contract's order ("Records as returned", then "Records: extension fields"):
 * the spec's, `short_url`, then those of "Link lifecycle". Written out here, not taken from the code, so that
 * a test holds the code to the contract.
 */
export const URL_RECORD_FIELDS = [
  'id',
  'user_id',
  'short_code',
  'original_url',
  'title',
  'is_active',
  'created_at',
  'updated_at',
  'short_url',
  'expires_at',
  'max_clicks',
  'expired_url',
  'forward_query',
  'tags',
  'redirect_rules',
  'variants',
  'password_protected',
];
