/**
 * The benchmark's invoice as HTML for Chromium's page.pdf(), one per layout, arranged as billing's pdfkit layouts
 * draw it (services/billing/src/modules/invoice/pdf/layouts): same texts, colours, fonts, logo and structure.
 */
import type { Invoice, TemplateLayout, TemplateSettings } from '@billpoint/proto';
import { formatDate, formatMoney } from '../services/billing/src/modules/invoice/pdf/index.ts';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const FONT: Record<string, string> = { Inter: 'Inter', Arial: 'Arimo', Helvetica: 'Arimo', 'Times New Roman': 'Tinos' };

export function invoiceHtml(layout: TemplateLayout, inv: Invoice, seller: string, t: TemplateSettings, logo: string): string {
  const m = (v: string) => esc(formatMoney(v, inv.currency, t.numberFormat));
  const c = inv.customer!;
  const billTo = [c.name, c.company, c.email, c.phone, c.address]
    .filter(Boolean)
    .map((v) => esc(v!))
    .join('<br>');
  const details = [
    ['Invoice Number', inv.invoiceNumber],
    ['Issue Date', formatDate(inv.issueDate, t.dateFormat)],
    ['Due Date', formatDate(inv.dueDate, t.dateFormat)],
    ['Payment Terms', `Net ${t.paymentTerms} days`],
  ];
  const rows = inv
    .items!.map(
      (it, i) =>
        `<tr>${layout === 'professional' ? `<td class="n">${i + 1}</td>` : ''}<td>${esc(it.description)}</td><td class="r">${esc(it.quantity)}</td><td class="r">${m(it.rate)}</td><td class="r">${m(it.amount)}</td></tr>`,
    )
    .join('');
  const head = `<tr>${layout === 'professional' ? '<th>#</th>' : ''}<th>Description</th><th class="r">Qty</th><th class="r">Rate</th><th class="r">Amount</th></tr>`;
  const totals = [
    ['Subtotal', m(inv.subtotal)],
    ['Tax', m(inv.taxAmount)],
    ...(inv.discountAmount !== '0.00' ? [['Discount', `-${m(inv.discountAmount)}`]] : []),
  ]
    .map(([l, v]) => `<tr><td>${l}</td><td class="r">${v}</td></tr>`)
    .join('');
  const total = `<tr class="total"><td>Total</td><td class="r">${m(inv.total)}</td></tr>`;
  const closing = [
    ['Notes', inv.notes],
    ['Terms &amp; Conditions', inv.terms],
    ['Payment Instructions', inv.paymentInstructions],
  ]
    .filter(([, v]) => v)
    .map(([l, v]) => `<div class="closing"><b>${l}</b><br>${esc(v!)}</div>`)
    .join('');
  const img = `<img class="logo" src="${logo}">`;
  const detailRows = details.map(([l, v]) => `<div class="row"><span class="lbl">${l}</span><span>${esc(v!)}</span></div>`).join('');
  const mark = t.watermarkText ? `<div class="mark">${esc(t.watermarkText)}</div>` : '';
  const footer = t.footerHtml ? `<div class="footer">${esc(t.footerHtml)}</div>` : '';

  const css = `@page { size: A4; margin: 50px 50px 64px; }
    body { font-family: '${FONT[t.fontFamily]}'; font-size: 10pt; color: ${t.textColor}; margin: 0; }
    .r { text-align: right; } .lbl { color: ${t.secondaryColor}; font-weight: bold; font-size: 9pt; }
    table { width: 100%; border-collapse: collapse; margin-top: 20pt; } td, th { padding: 5pt 6pt; }
    .logo { height: 52px; } .row { display: flex; justify-content: space-between; gap: 12pt; margin-bottom: 4pt; }
    .totals { width: 45%; margin-left: auto; } .total td { font-weight: bold; font-size: 11.5pt; }
    .closing { margin-top: 14pt; } .mark { position: fixed; top: 45%; left: 0; right: 0; text-align: center; transform: rotate(-45deg);
      font-size: 100pt; font-weight: bold; color: ${t.secondaryColor}; opacity: ${t.watermarkOpacity}; z-index: -1; }
    .footer { position: fixed; bottom: -30px; left: 0; right: 0; text-align: center; font-size: 8pt; color: ${t.secondaryColor}; }`;
  const page = (style: string, body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}${style}</style></head><body>${mark}${footer}${body}</body></html>`;

  switch (layout) {
    case 'modern':
      return page(
        `.band { background: ${t.primaryColor}; color: #fff; margin: -50px -50px 20pt; padding: 36px 50px 20px; display: flex; justify-content: space-between; align-items: flex-end; }
         .band h1 { font-size: 28pt; margin: 0; } .cards { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 14px; }
         .card { background: ${t.primaryColor}1a; border-radius: 6px; padding: 10px; } .due { background: ${t.accentColor}; color: #fff; font-size: 18pt; font-weight: bold; }
         th { background: ${t.primaryColor}; color: #fff; text-align: left; } tr:nth-child(even) td { background: ${t.primaryColor}1a; }
         .total td { background: ${t.accentColor}; color: #fff; }`,
        `<div class="band"><div>${img}<div style="font-size:20pt;font-weight:bold">${esc(seller)}</div></div><div class="r"><h1>Invoice</h1>${esc(inv.invoiceNumber)}</div></div>
         <div class="cards"><div class="card"><b>Bill To</b><br>${billTo}</div><div class="card">${detailRows}</div><div class="card due">Amount Due<br>${m(inv.total)}</div></div>
         <table>${head}${rows}</table><table class="totals">${totals}${total}</table>${closing}`,
      );
    case 'minimal':
      return page(
        `h1 { font-weight: 300; font-size: 26pt; color: ${t.primaryColor}; margin: 0; } th { color: ${t.secondaryColor}; font-weight: normal; text-align: left; border-bottom: 0.5pt solid #ccc; }
         table { border-top: 0.5pt solid ${t.textColor}; border-bottom: 0.5pt solid ${t.textColor}; } .totals { border: 0; } .total td { border-top: 0.8pt solid ${t.textColor}; }`,
        `<div class="row"><div><h1>Invoice</h1>${esc(inv.invoiceNumber)}</div><div class="r">${img}<br><b>${esc(seller)}</b></div></div>
         <p class="lbl">${details.map(([l, v]) => `${l}: ${esc(v!)}`).join(' · ')}</p><p><span class="lbl">Bill To</span><br>${billTo}</p>
         <table>${head}${rows}</table><table class="totals">${totals}${total}</table>${closing}`,
      );
    case 'professional':
      return page(
        `.panel { width: 220px; border: 1px solid ${t.textColor}; } .panel h2 { background: ${t.textColor}; color: #fff; text-align: center; letter-spacing: 3pt; margin: 0; padding: 6pt; }
         .panel .row { padding: 3pt 6pt; border-bottom: 0.5pt solid #ddd; margin: 0; } .rule { border-top: 2.5pt solid ${t.primaryColor}; border-bottom: 0.7pt solid ${t.primaryColor}; height: 3pt; margin: 14pt 0; }
         .bill { width: 280px; border: 0.7pt solid #ccc; } .bill b { display: block; background: ${t.primaryColor}1a; color: ${t.primaryColor}; padding: 4pt 8pt; } .bill div { padding: 8pt; }
         th { background: ${t.textColor}; color: #fff; text-transform: uppercase; font-size: 8.5pt; text-align: left; } td, th { border: 0.6pt solid #ccc; }
         .totals td { border: 0; border-bottom: 0.5pt solid #ddd; } .total td { background: ${t.primaryColor}; color: #fff; }`,
        `<div class="row"><div>${img}<div style="font-size:16pt;font-weight:bold">${esc(seller)}</div></div><div class="panel"><h2>INVOICE</h2>${detailRows}</div></div>
         <div class="rule"></div><div class="bill"><b>BILL TO</b><div>${billTo}</div></div><table>${head}${rows}</table><table class="totals">${totals}${total}</table>${closing}`,
      );
    default:
      return page(
        `.top { display: flex; justify-content: space-between; border-bottom: 2pt solid ${t.primaryColor}; padding-bottom: 10pt; }
         .top h1 { color: ${t.primaryColor}; font-size: 24pt; margin: 0; } th { background: ${t.primaryColor}1a; color: ${t.primaryColor}; text-align: left; }
         td, th { border: 0.6pt solid #ccc; } .totals { border: 0.8pt solid #ccc; } .totals td { border: 0; }`,
        `${img}<div class="top"><div style="font-size:18pt;font-weight:bold;color:${t.primaryColor}">${esc(seller)}</div><div class="r"><h1>INVOICE</h1># ${esc(inv.invoiceNumber)}</div></div>
         <div class="row" style="margin-top:14pt"><div><span class="lbl">BILL TO</span><br>${billTo}</div><div style="width:250px">${detailRows}</div></div>
         <table>${head}${rows}</table><table class="totals">${totals}${total}</table>${closing}`,
      );
  }
}
