// mailparser ships no types and @types/mailparser is not installed: the little the tests use.
declare module 'mailparser' {
  export interface ParsedMail {
    subject?: string;
    messageId?: string;
    text?: string;
    html?: string | false;
    to?: { text: string };
    from?: { text: string; value: { name: string; address?: string }[] };
    attachments: { filename?: string; contentType: string; content: Buffer }[];
  }
  export function simpleParser(source: Buffer | string): Promise<ParsedMail>;
}
