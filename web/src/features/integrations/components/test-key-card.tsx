import * as React from 'react';
import { IntegrationMessages } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useTestApiKey } from '../api/api-keys';

/** Test a key ('API Key Valid' or 'API Key Invalid' with the server's message). */
export function TestKeyCard() {
  const [key, setKey] = React.useState('');
  const test = useTestApiKey({
    onSuccess: (r) =>
      toast({
        variant: r.success ? 'default' : 'destructive',
        title: r.success ? IntegrationMessages.keyValidTitle : IntegrationMessages.keyInvalidTitle,
        description: r.message,
      }),
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      toast({
        variant: 'destructive',
        title: IntegrationMessages.keyInvalidTitle,
        description: (error instanceof ApiError && error.body?.message) || 'The key could not be checked. Please try again.',
      });
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Test an API key</CardTitle>
        <CardDescription>Paste a key of your organization to see whether the API accepts it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (key.trim()) test.mutate(key.trim());
          }}
        >
          <div className="grid flex-1 gap-2">
            <Label htmlFor="test-api-key">API key</Label>
            <Input
              id="test-api-key"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              placeholder="bp_…"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          </div>
          <Button type="submit" variant="outline" disabled={test.isPending || !key.trim()}>
            {test.isPending ? 'Testing...' : 'Test key'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
