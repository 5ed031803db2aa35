import { z } from 'zod';

/**
 * The `page` and `pageSize` query parameters of every paged admin and customer list, with the same
 * messages everywhere: `page` from 1, `pageSize` from 1 to the list's maximum.
 */
export function pageParams(defaultPageSize: number, maxPageSize: number) {
  const pageError = 'page must be a whole number from 1';
  const pageSizeError = `pageSize must be a whole number from 1 to ${maxPageSize}`;
  return {
    page: z.coerce
      .number({ error: pageError })
      .int({ error: pageError })
      .min(1, { error: pageError })
      .default(1),
    pageSize: z.coerce
      .number({ error: pageSizeError })
      .int({ error: pageSizeError })
      .min(1, { error: pageSizeError })
      .max(maxPageSize, { error: pageSizeError })
      .default(defaultPageSize),
  };
}

/** One page of a list: its items, how many there are in all, and which page this is. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
