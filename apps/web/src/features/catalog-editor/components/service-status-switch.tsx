import { CatalogNotice, type AdminService } from '@retouch/shared/catalog';
import { Switch } from 'antd';
import { useUpdateService } from '../api/update-service';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorLabel } from '../texts';
import { serviceDataOf } from '../utils/offer-values';

/** Turns a service on or off by sending it whole with the status flipped; on failure the switch goes back. */
export function ServiceStatusSwitch({ service }: { service: AdminService }) {
  const notice = useCatalogNotice();
  const updateService = useUpdateService();
  // While the call runs the switch shows the requested status; after a failure the stored one again.
  const checked = updateService.isPending ? updateService.variables.data.status : service.status;
  const toggle = (status: boolean) =>
    updateService.mutate(
      { id: service._id, data: { ...serviceDataOf(service), status } },
      { onError: () => notice.failure(CatalogNotice.statusNotUpdated) },
    );
  return (
    <Switch
      aria-label={CatalogEditorLabel.status(service.title.admin)}
      checked={checked}
      loading={updateService.isPending}
      onChange={toggle}
    />
  );
}
