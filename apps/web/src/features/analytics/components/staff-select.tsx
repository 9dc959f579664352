import { Select } from 'antd';
import { useStaff } from '../api/get-staff';
import { AnalyticsScreenText } from '../texts';

interface StaffSelectProps {
  /** The chosen staff member; null for one's own days. */
  value: string | null;
  onChange: (userId: string | null) => void;
}

/** Searches administrators and staff by e-mail (lookUsers); clearing it returns to one's own days. */
export function StaffSelect({ value, onChange }: StaffSelectProps) {
  const staff = useStaff(true);
  const options = (staff.data ?? []).map((member) => ({ value: member._id, label: member.email }));
  return (
    <Select<string>
      aria-label={AnalyticsScreenText.staff}
      style={{ minWidth: 300 }}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={staff.isPending}
      placeholder={staff.isPending ? AnalyticsScreenText.staffLoading : AnalyticsScreenText.staffPlaceholder}
      options={options}
      value={value ?? undefined}
      onChange={(userId) => onChange(userId ?? null)}
    />
  );
}
