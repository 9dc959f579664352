import {
  CatalogNotice,
  CatalogText,
  offerDataSchema,
  serviceDataSchema,
  type AdminService,
} from '@retouch/shared/catalog';
import { Checkbox, Divider, Form } from 'antd';
import { useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { errorMessage } from '@/lib/api-client';
import { useCreateService } from '../api/create-service';
import { NO_IMAGES, type OfferImages } from '../api/offer-multipart';
import { useUpdateService } from '../api/update-service';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorText } from '../texts';
import { EMPTY_OFFER_VALUES, offerFormValuesOf, type OfferFormValues } from '../utils/offer-values';
import { DegreeSelect } from './degree-select';
import { OfferFields } from './offer-fields';
import { hasAllImages, hasAnyImage, OfferImagesFields } from './offer-images-fields';

export type ServiceFormTarget = { kind: 'add'; groupId: string } | { kind: 'edit'; service: AdminService };

interface ServiceFormValues extends OfferFormValues {
  embedInCanvas: boolean;
  allowMessage: boolean;
  allowAdditionalImage: boolean;
  multi: boolean;
  multiDegree: boolean;
  degreeAction: string[];
}

const flags = [
  { name: 'embedInCanvas', label: CatalogEditorText.embedInCanvas },
  { name: 'allowMessage', label: CatalogEditorText.allowMessage },
  { name: 'allowAdditionalImage', label: CatalogEditorText.allowAdditionalImage },
  { name: 'multi', label: CatalogEditorText.multi },
  { name: 'multiDegree', label: CatalogEditorText.multiDegree },
] as const;

function initialValuesOf(target: ServiceFormTarget): ServiceFormValues {
  if (target.kind === 'add') {
    return {
      ...EMPTY_OFFER_VALUES,
      embedInCanvas: false,
      allowMessage: false,
      allowAdditionalImage: false,
      multi: false,
      multiDegree: false,
      degreeAction: [],
    };
  }
  const { service } = target;
  return {
    ...offerFormValuesOf(service),
    embedInCanvas: service.embedInCanvas,
    allowMessage: service.allowMessage,
    allowAdditionalImage: service.allowAdditionalImage,
    multi: service.multi,
    multiDegree: service.multiDegree,
    degreeAction: [...service.degreeAction],
  };
}

/** Adds a service to a group (offer fields and three pictures) or edits one (also its flags and degrees). */
export function ServiceFormModal({ target, onClose }: { target: ServiceFormTarget; onClose: () => void }) {
  const notice = useCatalogNotice();
  const [images, setImages] = useState<OfferImages>(NO_IMAGES);
  const [progress, setProgress] = useState<number | null>(null);
  const createService = useCreateService();
  const updateService = useUpdateService();
  const pending = createService.isPending || updateService.isPending;
  const adding = target.kind === 'add';
  const imagesMissing = adding && !hasAllImages(images);

  const callbacks = (successText: string, failed: (error: unknown) => void) => ({
    onSuccess: () => {
      notice.success(successText);
      onClose();
    },
    onError: failed,
    onSettled: () => setProgress(null),
  });
  const addFailed = (error: unknown) => notice.failure(errorMessage(error, CatalogNotice.slideNotUpdated));
  // Back office section 8: a failed update shows the fixed 'Слайд не был обновлён'; the server's
  // reason, when it gave one, goes beside it.
  const updateFailed = (error: unknown) =>
    notice.failure(CatalogNotice.slideNotUpdated, errorMessage(error, '') || undefined);

  const save = (values: ServiceFormValues) => {
    if (imagesMissing) {
      notice.failure(CatalogText.serviceImagesMissing);
      return;
    }
    const onProgress = hasAnyImage(images) ? setProgress : undefined;
    if (target.kind === 'add') {
      const data = offerDataSchema.parse(values);
      onProgress?.(0);
      createService.mutate(
        { groupId: target.groupId, data, images, onProgress },
        callbacks(CatalogNotice.slideAdded, addFailed),
      );
    } else {
      // The degree ids are the only part no form rule has checked.
      const parsed = serviceDataSchema.safeParse(values);
      if (!parsed.success) {
        notice.failure(parsed.error.issues[0]?.message ?? CatalogNotice.slideNotUpdated);
        return;
      }
      onProgress?.(0);
      updateService.mutate(
        { id: target.service._id, data: parsed.data, images, onProgress },
        callbacks(CatalogNotice.slideUpdated, updateFailed),
      );
    }
  };

  return (
    <FormModal<ServiceFormValues>
      title={adding ? CatalogEditorText.newService : CatalogEditorText.editService}
      okText={adding ? CatalogEditorText.add : CatalogEditorText.save}
      cancelText={CatalogEditorText.cancel}
      pending={pending}
      name="service-form"
      initialValues={initialValuesOf(target)}
      onSubmit={save}
      onSubmitFailed={() => imagesMissing && notice.failure(CatalogText.serviceImagesMissing)}
      onClose={onClose}
      width={760}
    >
      <OfferFields withStatus />
      {target.kind === 'edit' && (
        <>
          <Divider />
          {flags.map(({ name, label }) => (
            <Form.Item key={name} name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          ))}
          <Form.Item label={CatalogEditorText.degrees} name="degreeAction">
            <DegreeSelect />
          </Form.Item>
        </>
      )}
      <Divider />
      <OfferImagesFields
        images={images}
        current={target.kind === 'edit' ? target.service : undefined}
        required={adding}
        disabled={pending}
        progress={progress}
        onChange={setImages}
      />
    </FormModal>
  );
}
