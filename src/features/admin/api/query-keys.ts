import type { RegistrationFilters } from '../utils/registration-filters';

/** Every admin query lives under ['admin'], so signing out can drop them all at once. */
export const adminKeys = {
  all: ['admin'] as const,
  session: () => ['admin', 'session'] as const,
  secondFactor: () => ['admin', 'second-factor'] as const,
  registrations: () => ['admin', 'registrations'] as const,
  registrationLists: () => ['admin', 'registrations', 'list'] as const,
  registrationList: (filters: RegistrationFilters) => ['admin', 'registrations', 'list', filters] as const,
  cities: () => ['admin', 'registrations', 'cities'] as const,
  registration: (id: string) => ['admin', 'registrations', 'detail', id] as const,
  erasureRequests: () => ['admin', 'erasure-requests'] as const,
  list: (resource: AdminListResource) => ['admin', 'list', resource] as const,
  staff: () => ['admin', 'staff'] as const,
  venueSummary: () => ['admin', 'venue', 'summary'] as const,
  panels: () => ['admin', 'venue', 'panels'] as const,
  places: (levelId?: string) => (levelId ? (['admin', 'places', levelId] as const) : (['admin', 'places'] as const)),
  overview: () => ['admin', 'overview'] as const,
  vitals: (days: number) => ['admin', 'overview', 'vitals', days] as const,
  retention: () => ['admin', 'retention'] as const,
  judgePanel: () => ['admin', 'judges', 'panel'] as const,
  statements: () => ['admin', 'statements'] as const,
  refundsToMake: () => ['admin', 'statements', 'refunds'] as const,
  statementImports: () => ['admin', 'statements', 'imports'] as const,
  unpaidAfterDeadline: () => ['admin', 'ledger', 'unpaid-after-deadline'] as const,
  entries: (category: string, level: string) => ['admin', 'entries', category, level] as const,
  missingEntryFiles: () => ['admin', 'entries-missing-files'] as const,
  judging: () => ['admin', 'judging'] as const,
  judgingRound: (level: string) => ['admin', 'judging', 'round', level] as const,
  moderation: (roundId: string) => ['admin', 'judging', 'moderation', roundId] as const,
  certificates: () => ['admin', 'certificates'] as const,
  certificateList: (filter: object) => ['admin', 'certificates', 'list', filter] as const,
};

export type AdminListResource = 'judges' | 'contact' | 'newsletter' | 'audit';
