import { Column, Controller, Get, Inject, Param } from "./framework.js";
import { CatsService, type Cat } from "@app/cats/service.js";

@Controller("cats")
export class CatsController {
  @Column() label: string = "cats";
  @Column() count!: number;
  @Column() owner?: CatsService;

  constructor(
    private readonly cats: CatsService,
    @Inject("GREETING") private readonly greeting: string,
  ) {}

  @Get(":id")
  findOne(@Param("id") id: string, loud: boolean): string {
    const cat: Cat | undefined = this.cats.find(id);
    const line = `${this.greeting}, ${cat?.name ?? "nobody"}`;
    return loud ? line.toUpperCase() : line;
  }

  @Get()
  async all(): Promise<Cat[]> {
    return [];
  }
}
