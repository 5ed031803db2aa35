const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs: anything else in a URL names no record (404, not a database error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
