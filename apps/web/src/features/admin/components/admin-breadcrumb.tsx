import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import type { Crumb } from '../config/page-trail';
import { AdminShellText } from '../texts';

/** Where the screen sits, above its content: links up the trail, the page shown last and not a link. */
export function AdminBreadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <Breadcrumb
      aria-label={AdminShellText.breadcrumb}
      style={{ marginBottom: 16 }}
      items={crumbs.map((crumb) => ({
        key: crumb.path ?? crumb.label,
        title: crumb.path ? <Link to={crumb.path}>{crumb.label}</Link> : <CrumbName crumb={crumb} />,
        'aria-current': crumb.path ? undefined : 'page',
      }))}
    />
  );
}

/** The page shown: its name, and a record's short id with the whole id to hover. */
function CrumbName({ crumb: { label, record } }: { crumb: Crumb }) {
  if (!record) return label;
  return (
    <>
      {label} <span title={record.id}>{record.shortId}</span>
    </>
  );
}
