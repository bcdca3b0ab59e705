import * as React from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PayLayout } from '@/features/pay/components/pay-layout';
import { QuoteLayout } from '@/features/quotes/components/quote-layout';
import { PrivateGate, PublicGate } from './routes/gates';
import { NotFoundPage } from './routes/not-found';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';
import { portalRoutes } from '@/features/portal/routes';

const named = <K extends string, T extends Record<K, React.ComponentType>>(load: () => Promise<T>, name: K) =>
  React.lazy(() => load().then((m) => ({ default: m[name] })));

const DashboardPage = named(() => import('@/features/dashboard/components/dashboard-page'), 'DashboardPage');
const CustomersPage = named(() => import('@/features/customers/components/customers-page'), 'CustomersPage');
const CustomerCreatePage = named(() => import('@/features/customers/components/customer-create-page'), 'CustomerCreatePage');
const CustomerViewPage = named(() => import('@/features/customers/components/customer-view-page'), 'CustomerViewPage');
const CustomerEditPage = named(() => import('@/features/customers/components/customer-edit-page'), 'CustomerEditPage');
const InvoicesPage = named(() => import('@/features/invoices/components/invoices-page'), 'InvoicesPage');
const InvoiceCreatePage = named(() => import('@/features/invoices/components/invoice-create-page'), 'InvoiceCreatePage');
const InvoiceViewPage = named(() => import('@/features/invoices/components/invoice-view-page'), 'InvoiceViewPage');
const InvoiceEditPage = named(() => import('@/features/invoices/components/invoice-edit-page'), 'InvoiceEditPage');
const CreditNotesPage = named(() => import('@/features/credit-notes/components/credit-notes-page'), 'CreditNotesPage');
const QuotesPage = named(() => import('@/features/quotes/components/quotes-page'), 'QuotesPage');
const QuoteCreatePage = named(() => import('@/features/quotes/components/quote-create-page'), 'QuoteCreatePage');
const QuoteViewPage = named(() => import('@/features/quotes/components/quote-view-page'), 'QuoteViewPage');
const QuoteEditPage = named(() => import('@/features/quotes/components/quote-edit-page'), 'QuoteEditPage');
const PublicQuotePage = named(() => import('@/features/quotes/components/public-quote-page'), 'PublicQuotePage');
const SubscriptionsPage = named(() => import('@/features/subscriptions/components/subscriptions-page'), 'SubscriptionsPage');
const SubscriptionCreatePage = named(
  () => import('@/features/subscriptions/components/subscription-create-page'),
  'SubscriptionCreatePage',
);
const SubscriptionEditPage = named(() => import('@/features/subscriptions/components/subscription-edit-page'), 'SubscriptionEditPage');
const SettingsPage = named(() => import('@/features/settings/components/settings-page'), 'SettingsPage');
const EmailTemplatesPage = named(() => import('@/features/email-templates/components/email-templates-page'), 'EmailTemplatesPage');
const PayPage = named(() => import('@/features/pay/components/pay-page'), 'PayPage');
const PaymentSuccessPage = named(() => import('@/features/pay/components/payment-success-page'), 'PaymentSuccessPage');
const PlansPage = named(() => import('@/features/plans/components/plans-page'), 'PlansPage');
const AiInsightsPage = named(() => import('@/features/ai-insights/components/ai-insights-page'), 'AiInsightsPage');
const ProductsPage = named(() => import('@/features/products/components/products-page'), 'ProductsPage');
const ProductCreatePage = named(() => import('@/features/products/components/product-create-page'), 'ProductCreatePage');
const ProductEditPage = named(() => import('@/features/products/components/product-edit-page'), 'ProductEditPage');
const TemplatesPage = named(() => import('@/features/templates/components/templates-page'), 'TemplatesPage');
const ExpensesPage = named(() => import('@/features/expenses/components/expenses-page'), 'ExpensesPage');
const TaxPage = named(() => import('@/features/tax/components/tax-page'), 'TaxPage');
const IntegrationsPage = named(() => import('@/features/integrations/components/integrations-page'), 'IntegrationsPage');
const InvitePage = named(() => import('@/features/invitations/components/invite-page'), 'InvitePage');
const PortalLayout = named(() => import('@/features/portal/components/portal-layout'), 'PortalLayout');
const AnalyticsPage = named(() => import('@/features/analytics/components/analytics-page'), 'AnalyticsPage');

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    errorElement: <RouteError />,
    children: [
      {
        element: <PrivateGate />,
        children: [
          { index: true, element: <DashboardPage /> },

          { path: paths.customers.path, element: <CustomersPage /> },
          { path: paths.customerCreate.path, element: <CustomerCreatePage /> },
          { path: paths.customerNew.path, element: <CustomerCreatePage /> },
          { path: paths.customerView.path, element: <CustomerViewPage /> },
          { path: paths.customerEdit.path, element: <CustomerEditPage /> },

          { path: paths.invoices.path, element: <InvoicesPage /> },
          { path: paths.invoiceCreate.path, element: <InvoiceCreatePage /> },
          { path: paths.invoice.path, element: <InvoiceViewPage /> },
          { path: paths.invoiceEdit.path, element: <InvoiceEditPage /> },
          { path: paths.creditNotes.path, element: <CreditNotesPage /> },

          { path: paths.quotes.path, element: <QuotesPage /> },
          { path: paths.quoteCreate.path, element: <QuoteCreatePage /> },
          { path: paths.quote.path, element: <QuoteViewPage /> },
          { path: paths.quoteEdit.path, element: <QuoteEditPage /> },

          { path: paths.subscriptions.path, element: <SubscriptionsPage /> },
          { path: paths.subscriptionCreate.path, element: <SubscriptionCreatePage /> },
          { path: paths.subscriptionEdit.path, element: <SubscriptionEditPage /> },

          { path: paths.settings.path, element: <SettingsPage /> },
          { path: paths.emailTemplates.path, element: <EmailTemplatesPage /> },

          { path: paths.products.path, element: <ProductsPage /> },
          { path: paths.productCreate.path, element: <ProductCreatePage /> },
          { path: paths.productNew.path, element: <ProductCreatePage /> },
          { path: paths.productEdit.path, element: <ProductEditPage /> },
          { path: paths.invoiceTemplates.path, element: <TemplatesPage /> },
          { path: paths.analytics.path, element: <AnalyticsPage /> },
          { path: paths.aiInsights.path, element: <AiInsightsPage /> },
          { path: paths.expenses.path, element: <ExpensesPage /> },
          { path: paths.taxManagement.path, element: <TaxPage /> },
          { path: paths.integrations.path, element: <IntegrationsPage /> },
        ],
      },
      {
        element: <PublicGate />,
        children: [{ path: paths.subscriptionPlans.path, element: <PlansPage /> }],
      },
      {
        element: <PayLayout />,
        children: [
          { path: paths.pay.path, element: <PayPage /> },
          { path: paths.payment.path, element: <PayPage /> },
          { path: paths.paymentSuccess.path, element: <PaymentSuccessPage /> },
        ],
      },
      {
        element: <QuoteLayout />,
        children: [{ path: paths.quotePublic.path, element: <PublicQuotePage /> }],
      },
      // The customer portal: its own shell, session and cache; never the staff app's.
      {
        element: (
          <React.Suspense fallback={<PageFallback />}>
            <PortalLayout />
          </React.Suspense>
        ),
        children: portalRoutes,
      },
      {
        path: paths.invite.path,
        element: (
          <React.Suspense fallback={<PageFallback />}>
            <InvitePage />
          </React.Suspense>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
