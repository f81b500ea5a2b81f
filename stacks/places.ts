import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnAPIKey, CfnMap, CfnPlaceIndex, CfnRouteCalculator } from 'aws-cdk-lib/aws-location';
import type { Stack } from 'sst/constructs';

/** Where the browser loads the map's style and tiles from (the site's CSP allows it). */
export const amazonMapsOrigin = (region: string) => `https://maps.geo.${region}.amazonaws.com`;

/**
 * Amazon Location Service for the places adapter (functions/src/places/aws-places.ts,
 * docs/places.md): a place index for address and postcode search (HERE, which knows UK postcodes;
 * `Storage` because customers keep the coordinates found), a route calculator for road distances
 * and times (HERE, car), a street map for the basemap, and an API key that lets browsers load
 * only that map. The API function gets their names and may call only search, place and route.
 */
export function places(stack: Stack) {
  const name = (part: string) => `${stack.stackName}-${part}`.slice(0, 100);
  const index = new CfnPlaceIndex(stack, 'place-index', {
    indexName: name('places'),
    dataSource: 'Here',
    dataSourceConfiguration: { intendedUse: 'Storage' },
    description: 'Address and postcode search for customers, jobs and quotes',
  });
  const calculator = new CfnRouteCalculator(stack, 'route-calculator', {
    calculatorName: name('routes'),
    dataSource: 'Here',
    description: "Road distances and times for a round's route",
  });
  const map = new CfnMap(stack, 'map', {
    mapName: name('map'),
    configuration: { style: 'VectorHereExplore' },
    description: 'The basemap with streets',
  });
  const mapKey = new CfnAPIKey(stack, 'map-key', {
    keyName: name('map-key'),
    noExpiry: true,
    description: 'Lets browsers load the basemap only',
    restrictions: {
      allowActions: ['geo:GetMap*'],
      allowResources: [map.attrArn],
    },
  });
  const permissions = [
    new PolicyStatement({
      actions: ['geo:SearchPlaceIndexForSuggestions', 'geo:GetPlace'],
      resources: [index.attrArn],
    }),
    new PolicyStatement({ actions: ['geo:CalculateRoute'], resources: [calculator.attrArn] }),
    // CloudFormation does not return a key's value: the function reads it once (aws-places.ts).
    new PolicyStatement({ actions: ['geo:DescribeKey'], resources: [mapKey.attrArn] }),
  ];
  const environment = {
    PLACE_INDEX_NAME: index.indexName,
    ROUTE_CALCULATOR_NAME: calculator.calculatorName,
    MAP_NAME: map.mapName,
    MAP_KEY_NAME: mapKey.keyName,
  };
  return { index, calculator, map, mapKey, permissions, environment };
}
