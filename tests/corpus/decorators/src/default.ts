import { logged } from "./shapes.js";

export default class {
  @logged("tick") tick = 0;
  @logged("run") run() {
    return ++this.tick;
  }
}
