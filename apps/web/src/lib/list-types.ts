import type { countedListSchema, totalListSchema } from '@cuspid/contracts';
import type { z } from 'zod';

/** A list answer `{ data, count }` as the server's response schema `countedListSchema(item)` defines it. */
export type CountedList<Item extends z.ZodType> = z.infer<ReturnType<typeof countedListSchema<Item>>>;

/** A list answer `{ data, total }` as the server's response schema `totalListSchema(item)` defines it. */
export type TotalList<Item extends z.ZodType> = z.infer<ReturnType<typeof totalListSchema<Item>>>;
