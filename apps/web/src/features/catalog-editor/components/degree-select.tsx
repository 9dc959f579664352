import { CatalogText, type Degree } from '@retouch/shared/catalog';
import { Select } from 'antd';
import { useDegrees } from '@/lib/api/get-degrees';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorText } from '../texts';
import { nextDegreeSelection } from '../utils/degree-selection';

interface DegreeSelectProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

function degreeLabel(degree: Degree): string {
  const title = degree.title.admin || CatalogEditorText.degreeUntitled;
  return degree.default ? `${title} (${CatalogEditorText.degreeDefault})` : title;
}

/** The degrees of action of a service; the default one stays selected once it is (back-office section 5). */
export function DegreeSelect({ id, value = [], onChange }: DegreeSelectProps) {
  const notice = useCatalogNotice();
  const degrees = useDegrees();
  const defaultId = degrees.data?.find((degree) => degree.default)?._id;

  const change = (next: string[]) => {
    const { selection, defaultKept } = nextDegreeSelection(value, next, defaultId);
    if (defaultKept) notice.warning(CatalogText.defaultDegreeRemoved);
    onChange?.(selection);
  };

  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={change}
      loading={degrees.isPending}
      options={degrees.data?.map((degree) => ({ value: degree._id, label: degreeLabel(degree) }))}
      optionFilterProp="label"
      style={{ width: '100%' }}
    />
  );
}
