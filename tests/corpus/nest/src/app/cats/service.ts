import { Injectable } from "../../framework.js";

export interface Cat {
  id: string;
  name: string;
}

@Injectable()
export class CatsService {
  private cats: Cat[] = [
    { id: "1", name: "Tom" },
    { id: "2", name: "Felix" },
  ];

  find(id: string): Cat | undefined {
    return this.cats.find((c) => c.id === id);
  }
}
