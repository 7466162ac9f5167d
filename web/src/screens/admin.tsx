import type { ComponentType } from 'preact';
import { useIsAdministrator } from '../admin-gate';
import { useTitle } from '../components/title';
import type { ScreenProps } from '../screen-props';
import NotFound from './not-found';
import { Aggregates } from './admin/aggregates';
import { EmailLog } from './admin/email-log';
import { ADMIN_TABS, adminTab, type AdminTab } from './admin/logic';
import { Reports } from './admin/reports';
import { Users } from './admin/users';
import './admin.css';

// `/admin`: administration, for administrators only (everyone else, signed in or out, gets the
// same not-found page as any other address). Tabs by `?tab=`: users (search, create, the status
// lifecycle, a password set, bulk actions, purge), the reports queue, the e-mail log, and the
// aggregates (read-only tables).

const TABS: Record<AdminTab, ComponentType> = { users: Users, reports: Reports, email: EmailLog, aggregates: Aggregates };

export default function Admin({ route }: ScreenProps) {
  const admin = useIsAdministrator();
  const tab = adminTab(route.search);
  const label = ADMIN_TABS.find((t) => t.key === tab)!.label;
  useTitle(admin === false ? 'Page not found' : `Administration: ${label}`);
  if (admin === undefined) return <p class="loading">Loading…</p>;
  if (!admin) return <NotFound />;
  const Tab = TABS[tab];
  return (
    <div class="admin">
      <h1 tabIndex={-1}>Administration: {label}</h1>
      <nav aria-label="Administration" class="admin-nav">
        <ul>
          {ADMIN_TABS.map((t) => (
            <li key={t.key}>
              <a href={t.key === 'users' ? '/admin' : `/admin?tab=${t.key}`} aria-current={t.key === tab ? 'page' : undefined}>
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Tab />
    </div>
  );
}
