import { CatalogNotice, CatalogText, offerDataSchema, type AdminOption } from '@retouch/shared/catalog';
import { Divider, Form, Select } from 'antd';
import { useId, useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { errorMessage } from '@/lib/api-client';
import { useCreateOption } from '../api/create-option';
import { useOptionTemplates } from '../api/get-option-templates';
import { NO_IMAGES, type OfferImages } from '../api/offer-multipart';
import { useUpdateOption } from '../api/update-option';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorText } from '../texts';
import { EMPTY_OFFER_VALUES, offerFormValuesOf, type OfferFormValues } from '../utils/offer-values';
import { OfferFields } from './offer-fields';
import { hasAllImages, hasAnyImage, OfferImagesFields } from './offer-images-fields';

export type OptionFormTarget = { kind: 'add'; serviceId: string } | { kind: 'edit'; option: AdminOption };

/** Fills the offer fields of the option form from a template; the status and pictures stay. */
function TemplateFill({ onFill }: { onFill: (values: Omit<OfferFormValues, 'status'>) => void }) {
  const selectId = useId();
  const templates = useOptionTemplates();
  return (
    <Form.Item label={CatalogEditorText.fillFromTemplate} htmlFor={selectId}>
      <Select<string>
        id={selectId}
        value={null}
        loading={templates.isPending}
        options={templates.data?.map((template) => ({ value: template._id, label: template.title.admin }))}
        onChange={(id) => {
          const template = templates.data?.find((candidate) => candidate._id === id);
          if (!template) return;
          const { status: _status, ...values } = offerFormValuesOf(template);
          onFill(values);
        }}
      />
    </Form.Item>
  );
}

/** Adds an option to a service or edits one: the offer fields, status and three pictures. */
export function OptionFormModal({ target, onClose }: { target: OptionFormTarget; onClose: () => void }) {
  const notice = useCatalogNotice();
  const [form] = Form.useForm<OfferFormValues>();
  const [images, setImages] = useState<OfferImages>(NO_IMAGES);
  const [progress, setProgress] = useState<number | null>(null);
  const createOption = useCreateOption();
  const updateOption = useUpdateOption();
  const pending = createOption.isPending || updateOption.isPending;
  const adding = target.kind === 'add';
  const imagesMissing = adding && !hasAllImages(images);

  const callbacks = (successText: string) => ({
    onSuccess: () => {
      notice.success(successText);
      onClose();
    },
    onError: (error: unknown) => notice.failure(errorMessage(error, CatalogNotice.slideNotUpdated)),
    onSettled: () => setProgress(null),
  });

  const save = (values: OfferFormValues) => {
    if (imagesMissing) {
      notice.failure(CatalogText.optionImagesMissing);
      return;
    }
    const data = offerDataSchema.parse(values);
    const onProgress = hasAnyImage(images) ? setProgress : undefined;
    onProgress?.(0);
    if (target.kind === 'add') {
      createOption.mutate(
        { serviceId: target.serviceId, data, images, onProgress },
        callbacks(CatalogNotice.slideSaved),
      );
    } else {
      updateOption.mutate(
        { id: target.option._id, data, images, onProgress },
        callbacks(CatalogNotice.slideChanged),
      );
    }
  };

  return (
    <FormModal<OfferFormValues>
      title={adding ? CatalogEditorText.newOption : CatalogEditorText.editOption}
      okText={adding ? CatalogEditorText.add : CatalogEditorText.save}
      cancelText={CatalogEditorText.cancel}
      pending={pending}
      name="option-form"
      form={form}
      initialValues={target.kind === 'edit' ? offerFormValuesOf(target.option) : EMPTY_OFFER_VALUES}
      onSubmit={save}
      onSubmitFailed={() => imagesMissing && notice.failure(CatalogText.optionImagesMissing)}
      onClose={onClose}
      width={760}
    >
      <TemplateFill onFill={(values) => form.setFieldsValue(values)} />
      <OfferFields withStatus />
      <Divider />
      <OfferImagesFields
        images={images}
        current={target.kind === 'edit' ? target.option : undefined}
        required={adding}
        disabled={pending}
        progress={progress}
        onChange={setImages}
      />
    </FormModal>
  );
}
