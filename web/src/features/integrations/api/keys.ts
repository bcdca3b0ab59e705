/** Query keys of the integrations screen: invalidating `all` refreshes the lists and the stat cards. */
export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
  usageStats: ['integrations', 'usage-stats'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (webhookId: number) => ['integrations', 'webhooks', webhookId, 'deliveries'] as const,
};
