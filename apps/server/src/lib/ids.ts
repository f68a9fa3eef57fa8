/** Whether a path parameter is a UUID: ids are UUIDs, so anything else is answered 404 without a query. */
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
