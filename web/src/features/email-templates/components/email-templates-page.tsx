import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { EmailTemplateDescriptions, SettingsLanguages, type EmailTemplateType } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { EmptyState, ListLoadFailed } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { usePermission } from '@/lib/auth';
import { languageName } from '@/lib/languages';
import { cn } from '@/lib/utils';
import { emailTemplatesQueryOptions } from '../api/email-templates';
import { TemplateEditor } from './template-editor';
import { TYPE_LABELS } from './type-labels';

/**
 * Settings › E-mail Templates: the five customer e-mails with Customized/Default, per language; the editor
 * of the one chosen with its variables, a sandboxed preview, Save and Reset to default.
 */
export function EmailTemplatesPage() {
  const [language, setLanguage] = React.useState<string>('en');
  const [selected, setSelected] = React.useState<EmailTemplateType>('invoice');
  const templates = useQuery(emailTemplatesQueryOptions(language));
  const canManage = usePermission('templates.manage');
  const list = templates.data ?? [];
  const current = list.find((t) => t.type === selected);
  const editor = React.useRef<HTMLDivElement>(null);
  const choose = (type: EmailTemplateType) => {
    setSelected(type);
    // On a phone the editor is below the five cards: bring it into view.
    requestAnimationFrame(() => editor.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  };

  return (
    <>
      <PageHeader
        title="E-mail Templates"
        description="Edit the e-mails your customers receive: invoices, reminders, receipts and invitations."
      />
      <PageBody className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="email-template-language">Language</Label>
          <Select value={language} onValueChange={setLanguage}>
            <SelectTrigger id="email-template-language" aria-label="Language" className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SettingsLanguages.map((l) => (
                <SelectItem key={l} value={l}>
                  {languageName(l)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {templates.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5" aria-busy="true" aria-label="Loading e-mail templates">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        ) : templates.isError ? (
          <ListLoadFailed what="e-mail templates" onRetry={() => void templates.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={Mail} title="No e-mail templates" description="There are no e-mail templates to edit." />
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5" aria-label="E-mail templates">
              {list.map((t) => (
                <li key={t.type}>
                  <Card className={cn('h-full gap-2 py-4', t.type === selected && 'ring-primary ring-2')}>
                    <CardHeader className="px-4">
                      <div className="flex items-start justify-between gap-2">
                        <h2 className="text-base leading-none font-semibold">{TYPE_LABELS[t.type]}</h2>
                        <Badge variant={t.customized ? 'success' : 'secondary'}>{t.customized ? 'Customized' : 'Default'}</Badge>
                      </div>
                      <CardDescription className="text-xs">{EmailTemplateDescriptions[t.type]}</CardDescription>
                    </CardHeader>
                    <CardContent className="px-4">
                      <Button
                        variant={t.type === selected ? 'default' : 'outline'}
                        size="sm"
                        aria-pressed={t.type === selected}
                        aria-label={`Edit the ${TYPE_LABELS[t.type]} template`}
                        onClick={() => choose(t.type)}
                      >
                        Edit
                      </Button>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
            {current && (
              <Card ref={editor} className="scroll-mt-4 py-4">
                <CardHeader className="px-4">
                  <h2 className="text-lg leading-none font-semibold">
                    {TYPE_LABELS[current.type]} · {languageName(current.language)}
                  </h2>
                  <CardDescription>{EmailTemplateDescriptions[current.type]}</CardDescription>
                </CardHeader>
                <CardContent className="px-4">
                  <TemplateEditor
                    key={`${current.type}:${current.language}:${current.updatedAt ?? 'default'}`}
                    template={current}
                    canManage={canManage}
                  />
                </CardContent>
              </Card>
            )}
          </>
        )}
      </PageBody>
    </>
  );
}
