import {
  compareMoney,
  lifecycleOfStatus,
  paymentStatusOfStatus,
  ROLE_PERMISSIONS,
  TemplateDefaults,
  type Customer,
  type Expense,
  type ExpenseCategory,
  type Invoice,
  type InvoiceTemplate,
  type RecurringInvoice,
  type RecurringSummary,
  type TaxRate,
  type User,
} from '@billpoint/proto';

let nextId = 1;

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Customer ${id}`,
    email: `customer${id}@example.test`,
    phone: null,
    address: null,
    company: null,
    taxId: null,
    street: null,
    postalCode: null,
    city: null,
    country: null,
    buyerReference: null,
    currency: 'USD',
    language: 'en',
    paymentTerms: 30,
    creditLimit: null,
    customerType: 'business',
    industry: null,
    website: null,
    isActive: true,
    tags: [],
    customFields: {},
    userId: null,
    metadata: {},
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}

let nextInvoiceId = 1;

/** An invoice as the API answers it (with customer and items), USD, a draft by default. */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const id = overrides.id ?? nextInvoiceId++;
  const status = overrides.status ?? 'draft';
  return {
    id,
    invoiceNumber: `INV-${String(id).padStart(4, '0')}`,
    customerId: 1,
    customer: { id: 1, name: 'Acme Ltd', email: 'billing@acme.test', phone: '+1 555 0100', address: null, company: 'Acme' },
    status,
    // Lifecycle and payment state as billing would store them for the status asked for.
    lifecycle: lifecycleOfStatus(status),
    paymentStatus: paymentStatusOfStatus(status, compareMoney(overrides.amountPaid ?? '0', '0') > 0),
    overdue: status === 'overdue',
    issueDate: '2024-01-05',
    dueDate: '2024-02-04',
    currency: 'USD',
    exchangeRate: '1.000000',
    subtotal: '99.99',
    taxRate: '0.00',
    taxAmount: '0.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    total: '99.99',
    totalInBaseCurrency: '99.99',
    notes: null,
    terms: null,
    paymentInstructions: null,
    sentAt: null,
    viewedAt: null,
    paidAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    recurringInvoiceId: null,
    quoteId: null,
    templateId: null,
    amountPaid: '0.00',
    balanceDue: '0.00',
    creditedAmount: '0.00',
    creditApplied: '0.00',
    metadata: {},
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    items: [
      {
        id: id * 100 + 1,
        productId: null,
        description: 'Consulting',
        quantity: '3.00',
        rate: '33.33',
        amount: '99.99',
        taxRate: '0.00',
        taxAmount: '0.00',
        taxRateId: null,
        taxRateName: null,
        taxType: null,
      },
    ],
    ...overrides,
  };
}

let nextSubscriptionId = 1;

/** A recurring schedule as the API answers it: monthly, active, USD, one item, with its customer. */
/** The tax fields of a schedule item without a tax rate. */
export const UNTAXED = { taxRate: '0.00', taxAmount: '0.00', taxRateId: null, taxRateName: null, taxType: null };

export function makeSubscription(overrides: Partial<RecurringInvoice> = {}): RecurringInvoice {
  const id = overrides.id ?? nextSubscriptionId++;
  return {
    id,
    name: `Subscription ${id}`,
    customerId: 1,
    customer: { id: 1, name: 'Acme Ltd' },
    frequency: 'monthly',
    startDate: '2025-01-15',
    endDate: null,
    nextInvoiceDate: '2025-02-15',
    lastInvoiceDate: '2025-01-15',
    isActive: true,
    autoSend: false,
    currency: 'USD',
    total: '120.00',
    totalInvoicesGenerated: 1,
    notes: null,
    items: [
      { id: id * 100 + 1, productId: null, description: 'Hosting', quantity: '1.00', unitPrice: '120.00', amount: '120.00', ...UNTAXED },
    ],
    metadata: {},
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<RecurringSummary> = {}): RecurringSummary {
  return {
    total: 0,
    active: 0,
    inactive: 0,
    monthlyRevenue: [],
    averageValue: [],
    ...overrides,
  };
}

/** The signed-in user (GET /api/auth/user), an administrator by default. */
export function makeUser(overrides: Partial<User> = {}): User {
  const role = overrides.role ?? 'admin';
  return {
    id: '0b6a3c52-4a0e-4a8f-9a43-5f0c1c2f6a11',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    organization: { id: '5f4c0f0e-5d1b-4a55-8c1c-3a9d2b1f0e22', name: 'Analytical Engines', createdAt: '2024-01-15T09:00:00.000Z' },
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    ...overrides,
  };
}

let nextTemplateId = 1;

/** A template as the API answers it: the template defaults, classic. */
export function makeTemplate(overrides: Partial<InvoiceTemplate> = {}): InvoiceTemplate {
  const id = overrides.id ?? nextTemplateId++;
  return {
    ...TemplateDefaults,
    customFields: {},
    id,
    name: `Template ${id}`,
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  } as InvoiceTemplate;
}

export function makeTaxRate(overrides: Partial<TaxRate> = {}): TaxRate {
  return {
    id: 1,
    name: 'VAT 20%',
    jurisdiction: 'United Kingdom',
    rate: '20.00',
    type: 'vat',
    isActive: true,
    startDate: '2020-01-01',
    endDate: null,
    description: null,
    taxNumber: null,
    category: 'S',
    exemptionReason: null,
    exemptionReasonCode: null,
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function makeExpenseCategory(overrides: Partial<ExpenseCategory> = {}): ExpenseCategory {
  return {
    id: 1,
    name: 'Software',
    color: '#3B82F6',
    description: null,
    taxDeductible: true,
    keywords: [],
    isSystem: true,
    isActive: true,
    ...overrides,
  };
}

/** A travel expense with notes and a receipt. */
export function makeExpense(overrides: Partial<Expense> = {}): Expense {
  return {
    id: 1,
    description: 'Flight to Berlin',
    amount: '420.50',
    currency: 'USD',
    date: '2026-11-03',
    vendor: 'Lufthansa',
    categoryId: 2,
    category: { id: 2, name: 'Travel', color: '#F59E0B' },
    notes: 'Client workshop, economy class, booked three weeks ahead of the trip',
    receipt: 'abcdefghijklmnopqrstuvwx',
    receiptUrl: '/api/expenses/receipts/abcdefghijklmnopqrstuvwx',
    paymentMethod: null,
    taxAmount: '0.00',
    isReimbursable: false,
    tags: [],
    suggestedCategoryId: null,
    categoryConfidence: null,
    manualCategoryOverride: false,
    trainingSource: 'user_input',
    duplicateChecksum: 'x',
    possibleDuplicate: false,
    createdAt: '2026-11-03T10:00:00.000Z',
    updatedAt: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}
