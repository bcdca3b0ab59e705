/** `stopword` ships no types; the part the ai service uses. */
declare module 'stopword' {
  /** English stop words. */
  export const eng: string[];
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[];
}
