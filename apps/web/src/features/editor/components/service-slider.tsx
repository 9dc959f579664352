import type { PublicGroup } from '@retouch/shared/catalog';
import { SERVICE_SLIDER } from '@retouch/shared/orders';
import { Flex, Tabs } from 'antd';
import { useState, type Dispatch } from 'react';
import { serviceSliderWidth } from '../model/canvas-layout';
import { isServiceChosen, type EditorAction, type EditorState } from '../model/editor-reducer';
import { EditorText } from '../texts';
import { ServiceCard } from './service-card';

const GAP = 8;

interface ServiceSliderProps {
  groups: readonly PublicGroup[];
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
}

/** The catalogue's groups as tabs, each a horizontally scrolling row of its services. */
export function ServiceSlider({ groups, state, dispatch }: ServiceSliderProps) {
  const [activeGroupId, setActiveGroupId] = useState<string | null>(null);
  const active = groups.find((group) => group._id === activeGroupId) ?? groups[0];
  return (
    <Tabs
      activeKey={active?._id}
      onChange={setActiveGroupId}
      items={groups.map((group) => {
        const title = group.title.user || EditorText.untitledGroup;
        return {
          key: group._id,
          label: title,
          children: (
            <Flex
              role="group"
              aria-label={EditorText.servicesOf(title)}
              gap={GAP}
              style={{
                // 200 px a service up to 5, else 1400 px, never wider than the page.
                width: serviceSliderWidth(group.list.length),
                maxWidth: '100%',
                overflowX: 'auto',
                paddingBottom: 4,
              }}
            >
              {group.list.map((service) => (
                <ServiceCard
                  key={service._id}
                  title={service.title.user}
                  picture={service.pictureThumb}
                  cost={service.cost}
                  width={SERVICE_SLIDER.itemWidth - GAP}
                  chosen={
                    isServiceChosen(state, service._id) || state.armedEmbed?.service._id === service._id
                  }
                  onClick={() => dispatch({ type: 'serviceChosen', service })}
                />
              ))}
            </Flex>
          ),
        };
      })}
    />
  );
}
