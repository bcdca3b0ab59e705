import * as React from 'react';
import type { InvoiceTemplate } from '@billpoint/proto';
import { cn } from '@/lib/utils';

type Look = Pick<InvoiceTemplate, 'layout' | 'primaryColor' | 'secondaryColor' | 'accentColor' | 'backgroundColor' | 'textColor' | 'name'> &
  Partial<Pick<InvoiceTemplate, 'logoUrl' | 'logoPosition' | 'logoSize' | 'showCompanyLogo'>>;

const LOGO_PLACE = { left: 'justify-start', center: 'justify-center', right: 'justify-end' } as const;
const LOGO_HEIGHT = { small: 'h-4', medium: 'h-6', large: 'h-8' } as const;

/** The uploaded logo (billing serves it at /api/logos/{key}) where and as large as the template puts it; hidden if it fails to load. */
function Logo({ t }: { t: Look }) {
  const [broken, setBroken] = React.useState(false);
  React.useEffect(() => setBroken(false), [t.logoUrl]);
  if (!t.logoUrl || t.showCompanyLogo === false || broken) return null;
  return (
    <div className={cn('flex', LOGO_PLACE[t.logoPosition ?? 'left'])} data-testid="template-logo">
      <img
        src={t.logoUrl}
        alt=""
        className={cn('w-auto max-w-[40%] object-contain', LOGO_HEIGHT[t.logoSize ?? 'medium'])}
        onError={() => setBroken(true)}
      />
    </div>
  );
}

/** Rows of text as bars. */
const Lines = ({ n, colour, widths = ['80%', '60%', '70%'] }: { n: number; colour: string; widths?: string[] }) => (
  <div className="grid gap-1">
    {Array.from({ length: n }, (_, i) => (
      <div key={i} className="h-1 rounded-full opacity-60" style={{ background: colour, width: widths[i % widths.length] }} />
    ))}
  </div>
);

/** The INVOICE title, drawn as a block (a picture: no text to read, nothing to contrast-check). */
const Title = ({ colour, thin }: { colour: string; thin?: boolean }) => (
  <div className={thin ? 'h-1.5 w-10 rounded-sm opacity-70' : 'h-2.5 w-12 rounded-sm'} style={{ background: colour }} />
);

/** The items table as the layout draws it: grid, striped, hairlines or numbered with a dark header. */
function Table({ t }: { t: Look }) {
  const rows = [0, 1, 2, 3];
  if (t.layout === 'modern')
    return (
      <div className="grid gap-0.5">
        <div className="h-2 rounded-sm" style={{ background: t.primaryColor }} />
        {rows.map((r) => (
          <div key={r} className="h-1.5 rounded-sm" style={{ background: r % 2 ? `${t.primaryColor}22` : 'transparent' }} />
        ))}
      </div>
    );
  if (t.layout === 'minimal')
    return (
      <div className="grid gap-1 border-y py-1" style={{ borderColor: t.textColor }}>
        {rows.map((r) => (
          <Lines key={r} n={1} colour={t.secondaryColor} widths={['100%']} />
        ))}
      </div>
    );
  const header = t.layout === 'professional' ? t.textColor : `${t.primaryColor}33`;
  return (
    <div className="grid border" style={{ borderColor: `${t.secondaryColor}66` }}>
      <div className="h-2" style={{ background: header }} />
      {rows.map((r) => (
        <div key={r} className="grid h-2 grid-cols-[auto_1fr_20%_20%] border-t" style={{ borderColor: `${t.secondaryColor}44` }}>
          {t.layout === 'professional' && <div className="w-1.5 border-r" style={{ borderColor: `${t.secondaryColor}44` }} />}
          <div />
          <div className="border-l" style={{ borderColor: `${t.secondaryColor}44` }} />
          <div className="border-l" style={{ borderColor: `${t.secondaryColor}44` }} />
        </div>
      ))}
    </div>
  );
}

/** The header as the layout arranges it: band, letterhead with a panel, title beside the seller, or a light title. */
function Header({ t }: { t: Look }) {
  switch (t.layout) {
    case 'modern':
      return (
        <div className="-mx-3 -mt-3 mb-1 flex items-end justify-between px-3 pt-3 pb-2" style={{ background: t.primaryColor }}>
          <Lines n={2} colour="#FFFFFF" />
          <Title colour="#FFFFFF" />
        </div>
      );
    case 'minimal':
      return (
        <div className="flex items-start justify-between">
          <Title colour={t.primaryColor} thin />
          <Lines n={2} colour={t.textColor} widths={['30%', '20%']} />
        </div>
      );
    case 'professional':
      return (
        <div className="flex items-start justify-between gap-2 border-b-2 pb-1" style={{ borderColor: t.primaryColor }}>
          <Lines n={2} colour={t.textColor} />
          <div className="w-2/5 border" style={{ borderColor: t.textColor }}>
            <div className="h-2" style={{ background: t.textColor }} />
            <Lines n={2} colour={t.secondaryColor} widths={['90%']} />
          </div>
        </div>
      );
    default:
      return (
        <div className="flex items-start justify-between border-b-2 pb-1" style={{ borderColor: t.primaryColor }}>
          <Lines n={2} colour={t.primaryColor} />
          <Title colour={t.primaryColor} />
        </div>
      );
  }
}

/** A small picture of a template: its layout's structure in its colours (a small preview). */
export function TemplateThumbnail({ template: t }: { template: Look }) {
  return (
    <div
      role="img"
      aria-label={`Preview of ${t.name}`}
      className="grid aspect-[3/2] gap-2 overflow-hidden rounded-md border p-3 text-left"
      style={{ background: t.backgroundColor }}
    >
      <Logo t={t} />
      <Header t={t} />
      <div className="grid grid-cols-2 gap-2">
        {t.layout === 'modern' ? (
          <>
            <div className="rounded-sm p-1" style={{ background: `${t.primaryColor}22` }}>
              <Lines n={2} colour={t.textColor} />
            </div>
            <div className="rounded-sm p-1" style={{ background: t.accentColor }}>
              <Lines n={2} colour="#FFFFFF" />
            </div>
          </>
        ) : (
          <>
            <Lines n={3} colour={t.textColor} />
            <Lines n={3} colour={t.secondaryColor} />
          </>
        )}
      </div>
      <Table t={t} />
      <div className="ml-auto w-2/5">
        <div
          className="h-2 rounded-sm"
          style={{ background: t.layout === 'minimal' ? t.textColor : t.accentColor, opacity: t.layout === 'minimal' ? 0.5 : 1 }}
        />
      </div>
    </div>
  );
}
