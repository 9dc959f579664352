import type {
  AdminOption,
  AdminService,
  Bilingual,
  OfferData,
  OptionTemplate,
  ServiceData,
} from '@retouch/shared/catalog';

/** What the offer fields of a form hold; numbers are null while empty. */
export interface OfferFormValues {
  title: Bilingual;
  description: Bilingual;
  instruction: string;
  cost: number | null;
  designerPrice: number | null;
  executionTime: number | null;
  status: boolean;
}

export const EMPTY_OFFER_VALUES: OfferFormValues = {
  title: { admin: '', user: '' },
  description: { admin: '', user: '' },
  instruction: '',
  cost: null,
  designerPrice: null,
  executionTime: null,
  status: false,
};

type OfferSource = Omit<OptionTemplate, '_id'> & { status?: boolean };

/** The form values of a stored service, option or template. */
export function offerFormValuesOf(source: OfferSource): OfferFormValues {
  return {
    title: { ...source.title },
    description: { ...source.description },
    instruction: source.instruction,
    cost: source.cost,
    designerPrice: source.designerPrice,
    executionTime: source.executionTime,
    status: source.status ?? false,
  };
}

/** The `data` part of an option as stored, for a call that changes one field of it. */
export function offerDataOf(option: AdminOption): OfferData {
  const { title, description, instruction, cost, designerPrice, executionTime, status } = option;
  return { title, description, instruction, cost, designerPrice, executionTime, status };
}

/** The full `data` of a service as stored, for a call that changes one field of it. */
export function serviceDataOf(service: AdminService): ServiceData {
  const { embedInCanvas, allowMessage, allowAdditionalImage, multi, multiDegree, degreeAction } = service;
  return {
    ...offerDataOf(service),
    embedInCanvas,
    allowMessage,
    allowAdditionalImage,
    multi,
    multiDegree,
    degreeAction: [...degreeAction],
  };
}
