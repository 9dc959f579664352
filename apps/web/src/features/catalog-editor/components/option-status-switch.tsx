import { CatalogNotice, type AdminOption } from '@retouch/shared/catalog';
import { Switch } from 'antd';
import { useUpdateOption } from '../api/update-option';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorLabel } from '../texts';
import { offerDataOf } from '../utils/offer-values';

/** Turns an option on or off by sending it whole with the status flipped; on failure the switch goes back. */
export function OptionStatusSwitch({ option }: { option: AdminOption }) {
  const notice = useCatalogNotice();
  const updateOption = useUpdateOption();
  const checked = updateOption.isPending ? updateOption.variables.data.status : option.status;
  const toggle = (status: boolean) =>
    updateOption.mutate(
      { id: option._id, data: { ...offerDataOf(option), status } },
      { onError: () => notice.failure(CatalogNotice.statusNotUpdated) },
    );
  return (
    <Switch
      aria-label={CatalogEditorLabel.status(option.title.admin)}
      checked={checked}
      loading={updateOption.isPending}
      onChange={toggle}
    />
  );
}
