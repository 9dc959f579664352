import { AuditTarget, AuditText, type AuditTargetValue } from '@retouch/shared/audit';
import { Card, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { AuditTable } from './audit-table';

const TARGET_TYPE_PARAM = 'targetType';

const targetOptions = Object.values(AuditTarget).map((type) => ({
  value: type,
  label: AuditText.targets[type],
}));

/** The address's target type, if it is one (an old or edited link may hold anything). */
function readTargetType(search: URLSearchParams): AuditTargetValue | undefined {
  const value = search.get(TARGET_TYPE_PARAM);
  return Object.values(AuditTarget).find((type) => type === value);
}

/**
 * /admin/audit: what staff did to users, roles, settings and the catalogue, newest first; filtered by
 * the kind of target, kept in the address so a reload or a shared link keeps it.
 */
export function AuditLog() {
  const [search, setSearch] = useSearchParams();
  const targetType = readTargetType(search);

  const chooseTargetType = (chosen: AuditTargetValue | undefined) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (chosen) next.set(TARGET_TYPE_PARAM, chosen);
      else next.delete(TARGET_TYPE_PARAM);
      return next;
    });

  return (
    <Card title={AuditText.screenTitle}>
      <Select<AuditTargetValue>
        aria-label={AuditText.targetFilter}
        placeholder={AuditText.anyTarget}
        allowClear
        value={targetType}
        options={targetOptions}
        onChange={chooseTargetType}
        style={{ minWidth: 240, marginBottom: 16 }}
      />
      <AuditTable filter={{ targetType }} />
    </Card>
  );
}
