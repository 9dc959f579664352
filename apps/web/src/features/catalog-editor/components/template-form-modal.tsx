import { CatalogNotice, optionTemplateBodySchema, type OptionTemplate } from '@retouch/shared/catalog';
import { FormModal } from '@/components/form-modal';
import { errorMessage } from '@/lib/api-client';
import { useCreateOptionTemplate } from '../api/create-option-template';
import { useUpdateOptionTemplate } from '../api/update-option-template';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorText } from '../texts';
import { EMPTY_OFFER_VALUES, offerFormValuesOf, type OfferFormValues } from '../utils/offer-values';
import { OfferFields } from './offer-fields';

interface TemplateFormModalProps {
  /** The template to edit; none to add one. */
  template: OptionTemplate | null;
  onClose: () => void;
}

/** Adds or edits an option template: the offer fields without status and pictures. */
export function TemplateFormModal({ template, onClose }: TemplateFormModalProps) {
  const notice = useCatalogNotice();
  const createTemplate = useCreateOptionTemplate();
  const updateTemplate = useUpdateOptionTemplate();
  const pending = createTemplate.isPending || updateTemplate.isPending;

  const callbacks = (successText: string) => ({
    onSuccess: () => {
      notice.success(successText);
      onClose();
    },
    onError: (error: unknown) => notice.failure(errorMessage(error, CatalogNotice.somethingWrong)),
  });

  const save = (values: OfferFormValues) => {
    const body = optionTemplateBodySchema.parse(values);
    if (template) updateTemplate.mutate({ id: template._id, body }, callbacks(CatalogNotice.changed));
    else createTemplate.mutate(body, callbacks(CatalogNotice.added));
  };

  return (
    <FormModal<OfferFormValues>
      title={template ? CatalogEditorText.editTemplate : CatalogEditorText.newTemplate}
      okText={template ? CatalogEditorText.save : CatalogEditorText.add}
      cancelText={CatalogEditorText.cancel}
      pending={pending}
      name="template-form"
      initialValues={template ? offerFormValuesOf(template) : EMPTY_OFFER_VALUES}
      onSubmit={save}
      onClose={onClose}
      width={760}
    >
      <OfferFields withStatus={false} />
    </FormModal>
  );
}
