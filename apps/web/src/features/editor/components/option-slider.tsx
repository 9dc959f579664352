import { SERVICE_SLIDER } from '@retouch/shared/orders';
import { Flex, Typography } from 'antd';
import type { Dispatch } from 'react';
import { optionSliderWidth } from '../model/canvas-layout';
import {
  isOptionChosen,
  servicesWithOptions,
  type EditorAction,
  type EditorState,
} from '../model/editor-reducer';
import { EditorText } from '../texts';
import { ServiceCard } from './service-card';

const GAP = 8;

/** The options of the active person's services that have some; one option per service. */
export function OptionSlider({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const services = servicesWithOptions(state);
  if (services.length === 0) return null;
  return (
    <Flex vertical gap="middle">
      {services.map((service) => {
        const label = EditorText.optionsOf(service.title.user);
        return (
          <Flex key={service._id} vertical gap="small">
            <Typography.Text strong>{label}</Typography.Text>
            <Flex
              role="group"
              aria-label={label}
              gap={GAP}
              style={{
                width: optionSliderWidth(service.optional.length),
                maxWidth: '100%',
                overflowX: 'auto',
                paddingBottom: 4,
              }}
            >
              {service.optional.map((option) => (
                <ServiceCard
                  key={option._id}
                  title={option.title.user}
                  picture={option.pictureThumb}
                  cost={option.cost}
                  width={SERVICE_SLIDER.optionItemWidth - GAP}
                  chosen={isOptionChosen(state, option._id)}
                  onClick={() => dispatch({ type: 'optionChosen', service, option })}
                />
              ))}
            </Flex>
          </Flex>
        );
      })}
    </Flex>
  );
}
