ALTER TABLE "orders" ADD COLUMN "persons_view" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- The orders made before: their persons as the history presented them (order-history.repository.ts,
-- recordAllPersonsViews).
with entries as (
      select item.person_id, json_agg(json_build_object(
    '_id', coalesce(item.option_id, item.service_id),
    'isOptional', item.option_id is not null,
    'title', json_build_object('user', coalesce(opt.title_user, service.title_user)),
    'description', json_build_object('user', coalesce(opt.description_user, service.description_user)),
    'picture', coalesce(opt.picture_thumb, service.picture_thumb),
    'degreeAction', coalesce((select json_agg(json_build_object(
        '_id', chosen.id,
        'title', json_build_object('user', coalesce(
          (select degree.title_user from degrees degree where degree.id = chosen.id), ''))
      ) order by chosen.n)
      from unnest(item.degree_ids) with ordinality as chosen(id, n)), '[]'),
    'cost', item.cost,
    'active', item.active,
    'edited', item.edited
  ) order by item.position, item.id) as list
      from order_items item
  join services service on service.id = item.service_id
  left join service_options opt on opt.id = item.option_id
      group by item.person_id
    ),
    persons as (
      select person.order_id, json_agg(json_build_object('id', person.name, 'orders', coalesce(entries.list, '[]')) order by person.position, person.id) as list
      from order_persons person left join entries on entries.person_id = person.id
      group by person.order_id
    )
    update orders set persons_view = persons.list from persons where persons.order_id = orders.id;
