// Answers what the decorators recorded, read back through reflect-metadata,
// and a call through the container that built the controller from them.
import { Container } from "./framework.js";
import { CatsController } from "./cats.controller.js";
import { CatsService } from "@app/cats/service.js";

const names = (types: Function[] | undefined) => types?.map((t) => t?.name ?? String(t));

function answer() {
  const proto = CatsController.prototype;
  const controller = new Container().provide("GREETING", "Hello").get(CatsController);
  return {
    path: Reflect.getMetadata("path", CatsController),
    injectable: Reflect.getMetadata("injectable", CatsService),
    constructorTypes: names(Reflect.getMetadata("design:paramtypes", CatsController)),
    inject: Reflect.getMetadata("inject", CatsController),
    columns: Reflect.getMetadata("columns", CatsController),
    findOne: {
      route: Reflect.getMetadata("route", proto, "findOne"),
      params: Reflect.getMetadata("params", proto, "findOne"),
      type: Reflect.getMetadata("design:type", proto, "findOne")?.name,
      paramTypes: names(Reflect.getMetadata("design:paramtypes", proto, "findOne")),
      returnType: Reflect.getMetadata("design:returntype", proto, "findOne")?.name,
      keys: Reflect.getOwnMetadataKeys(proto, "findOne"),
    },
    all: {
      route: Reflect.getMetadata("route", proto, "all"),
      returnType: Reflect.getMetadata("design:returntype", proto, "all")?.name,
    },
    labelType: Reflect.getMetadata("design:type", proto, "label")?.name,
    classKeys: Reflect.getOwnMetadataKeys(CatsController),
    calls: [controller.findOne("1", false), controller.findOne("2", true), controller.findOne("9", false)],
    label: controller.label,
    fields: Object.keys(controller),
  };
}

export default {
  fetch(_request: Request): Response {
    return Response.json(answer());
  },
};
