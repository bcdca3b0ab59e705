// jsdom ships no types (and @types/jsdom trails it): the one use billing makes, a window for DOMPurify.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: { XMLSerializer: new () => { serializeToString(node: unknown): string } } & Record<string, unknown>;
  }
}
