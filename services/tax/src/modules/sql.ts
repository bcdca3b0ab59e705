/** A timestamptz column as an ISO instant in UTC with milliseconds (how every answer carries times). */
export const isoTime = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A date column as yyyy-mm-dd. */
export const isoDate = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** A LIKE pattern matching `term` anywhere, case-insensitively (the column is lower-cased by the query). */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list of ids as one parameter (`in (select x::bigint from jsonb_array_elements_text(?::jsonb) x)`). */
export const idList = (ids: readonly number[]) => JSON.stringify(ids.map(String));

/** A text[] from one JSON parameter (the query builder would spread a JS array into a list of parameters). */
export const TEXT_ARRAY_PARAM = `array(select jsonb_array_elements_text(?::jsonb))::text[]`;
