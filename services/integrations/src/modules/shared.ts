/** A timestamptz column as ISO-8601 UTC with milliseconds (the answer's format). */
export const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
