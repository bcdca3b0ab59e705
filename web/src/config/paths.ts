/** Every route of the web app in one place; links and the router use these. */
type Id = string | number;

export const paths = {
  home: { path: '/', getHref: () => '/' },

  invoices: { path: '/invoices', getHref: () => '/invoices' },
  invoiceCreate: { path: '/invoices/create', getHref: () => '/invoices/create' },
  invoice: { path: '/invoices/:id', getHref: (id: Id) => `/invoices/${id}` },
  invoiceEdit: { path: '/invoices/:id/edit', getHref: (id: Id) => `/invoices/${id}/edit` },

  /** Every credit note; each one's page is its invoice's (which lists them) and its PDF. */
  creditNotes: { path: '/credit-notes', getHref: () => '/credit-notes' },
  quotes: { path: '/quotes', getHref: () => '/quotes' },
  quoteCreate: { path: '/quotes/create', getHref: () => '/quotes/create' },
  quote: { path: '/quotes/:id', getHref: (id: Id) => `/quotes/${id}` },
  quoteEdit: { path: '/quotes/:id/edit', getHref: (id: Id) => `/quotes/${id}/edit` },

  customers: { path: '/customers', getHref: () => '/customers' },
  customerCreate: { path: '/customers/create', getHref: () => '/customers/create' },
  /** The second path of Add Customer (both appear). */
  customerNew: { path: '/customers/new', getHref: () => '/customers/new' },
  customerView: { path: '/customers/:id/view', getHref: (id: Id) => `/customers/${id}/view` },
  customerEdit: { path: '/customers/:id/edit', getHref: (id: Id) => `/customers/${id}/edit` },

  products: { path: '/products', getHref: () => '/products' },
  productCreate: { path: '/products/create', getHref: () => '/products/create' },
  /** The list's empty-state link; the same Add New Product screen as /products/create. */
  productNew: { path: '/products/new', getHref: () => '/products/new' },
  productEdit: { path: '/products/:id/edit', getHref: (id: Id) => `/products/${id}/edit` },

  invoiceTemplates: { path: '/invoice-templates', getHref: () => '/invoice-templates' },

  subscriptions: { path: '/subscriptions', getHref: () => '/subscriptions' },
  subscriptionCreate: { path: '/subscriptions/create', getHref: () => '/subscriptions/create' },
  subscriptionEdit: { path: '/subscriptions/:id/edit', getHref: (id: Id) => `/subscriptions/${id}/edit` },

  analytics: { path: '/analytics', getHref: () => '/analytics' },
  aiInsights: { path: '/ai-insights', getHref: () => '/ai-insights' },
  expenses: { path: '/expenses', getHref: () => '/expenses' },
  taxManagement: { path: '/tax-management', getHref: () => '/tax-management' },
  integrations: { path: '/integrations', getHref: () => '/integrations' },
  settings: { path: '/settings', getHref: () => '/settings' },
  /** The organization's customer e-mails. */
  emailTemplates: { path: '/settings/email-templates', getHref: () => '/settings/email-templates' },

  /** Public. */
  subscriptionPlans: { path: '/subscription-plans', getHref: () => '/subscription-plans' },
  pay: { path: '/pay/:id', getHref: (id: Id) => `/pay/${id}` },
  payment: { path: '/payment/:id', getHref: (id: Id) => `/payment/${id}` },
  /** Where Stripe returns the payer after a redirect payment method. */
  paymentSuccess: { path: '/payment/success', getHref: (token: string) => `/payment/success?invoice=${encodeURIComponent(token)}` },

  /** A quote's public page (the link of the quote e-mail): the customer accepts or declines it. */
  quotePublic: { path: '/quote/:token', getHref: (token: string) => `/quote/${token}` },

  /** An invitation's acceptance page (public; the link of the invitation e-mail). */
  invite: { path: '/invite/:token', getHref: (token: string) => `/invite/${token}` },

  /** Served by the gateway, not the SPA: full-page navigations. */
  login: { getHref: () => '/api/login' },
  logout: { getHref: () => '/api/logout' },
} as const;
